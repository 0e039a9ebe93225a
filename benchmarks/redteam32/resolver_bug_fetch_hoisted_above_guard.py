"""SWA pool resolver with the allocator lookup hoisted to the top of the function."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        shared = kvcache if isinstance(kvcache, SWAKVPool) else None

        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if shared is not None:
            return shared
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return shared

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.swa_out_cache_loc = (
            self._swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            if self._swa_kv_pool is not None
            else None
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self.swa_out_cache_loc
