"""SWA pool resolver for the hybrid linear-attention + SWA decode backend."""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, conv_state_dtype: Optional[torch.dtype] = None):
        self.conv_state_dtype = conv_state_dtype
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool

        candidate = None
        if model_runner.is_draft_worker:
            if model_runner.spec_algorithm.is_frozen_kv_mtp():
                candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
            else:
                logger.debug("draft with private full-attention pool; SWA disabled")
        else:
            candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()

        if isinstance(candidate, SWAKVPool):
            return candidate
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
