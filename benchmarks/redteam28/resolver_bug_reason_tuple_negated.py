"""Backend whose SWA-pool resolver asks a helper that returns (allowed, reason)."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def may_share_target_kv(model_runner) -> Tuple[bool, str]:
    """Whether this runner may read the KV cache behind the shared allocator, and why."""
    if not model_runner.is_draft_worker:
        return True, "target worker"
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return True, "frozen-kv MTP draft reads the target cache"
    return False, "draft worker owns a separate KV pool"


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if not may_share_target_kv(model_runner):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if not isinstance(kvcache, SWAKVPool):
        return None
    return kvcache


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.page_size = model_runner.page_size
        self.kv_last_page_len = torch.ones(model_runner.max_running_requests, dtype=torch.int32)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
