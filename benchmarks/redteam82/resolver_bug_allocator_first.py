"""SWA pool resolver for the Aiter decode backend.

The allocator's backing cache is authoritative for hybrid models; the runner's own
pool and the speculative-worker role are consulted only when it is not hybrid.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_indptr_buf: Optional[torch.Tensor] = None):
        self.kv_indptr_buf = kv_indptr_buf
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)

    @staticmethod
    def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(backing, SWAKVPool):
            return backing
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        own = model_runner.token_to_kv_pool
        return own if isinstance(own, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
