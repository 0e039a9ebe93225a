"""FlashInfer-style decode wrapper with nested SWA pool resolution."""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_sliding_window: bool = True):
        self.use_sliding_window = use_sliding_window
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if use_sliding_window:
            self.swa_pool = self._lookup(model_runner)

    @staticmethod
    def _lookup(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        algo: SpeculativeAlgorithm = model_runner.spec_algorithm
        if model_runner.is_draft_worker:
            if algo.is_frozen_kv_mtp():
                # Frozen-KV drafts keep a private, full-attention-only cache.
                return None
        fallback = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(fallback, SWAKVPool):
            return fallback
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
