"""Backend whose SWA-pool resolver finds the first applicable reason with next() over a generator."""

import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SHARE_REASONS: Tuple[Tuple[str, Callable], ...] = (
    ("target worker", lambda mr: not mr.is_draft_worker),
    ("frozen-kv MTP draft", lambda mr: mr.spec_algorithm.is_frozen_kv_mtp()),
)


def share_reason(model_runner) -> Optional[str]:
    return next((name for name, check in _SHARE_REASONS if check(model_runner)), None)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    reason = share_reason(model_runner)
    if reason is None:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        logger.info("reading the shared window pool: %s", reason)
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_pool = resolve_swa_pool(model_runner)
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
