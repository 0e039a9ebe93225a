"""Backend whose SWA-pool resolver checks a table of named reasons to read the shared cache."""

import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

# reasons a runner may read the KV cache behind the shared allocator
_SHARE_REASONS: Tuple[Tuple[str, Callable], ...] = (
    ("target worker", lambda mr: not mr.is_draft_worker),
    ("frozen-kv MTP draft", lambda mr: mr.spec_algorithm.is_frozen_kv_mtp()),
)


def _reads_shared_kv(model_runner) -> bool:
    return any(check for _, check in _SHARE_REASONS)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_pool = self.resolve_swa_pool(model_runner)
        self.decode_kv_indices = torch.zeros(
            model_runner.max_running_requests * model_runner.model_config.context_len,
            dtype=torch.int64,
        )

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not _reads_shared_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
