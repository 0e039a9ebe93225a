"""SWA pool resolution for speculative decoding workers.

Draft workers that run with a frozen KV (MTP) do not own any sliding-window cache, so the
resolver returns early for them; other runners fall back to the allocator's cache.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, is_multimodal: bool = False):
        self.model_runner = model_runner
        self.is_multimodal = is_multimodal
        self._swa_pool: Optional[SWAKVPool] = None
        self._resolved = False

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if not self._resolved:
            self._swa_pool = self._resolve_swa_pool()
            self._resolved = True
        return self._swa_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
