"""Decode backend for hybrid SWA checkpoints (Gemma-3 / GPT-OSS style).

Without speculative decoding there is exactly one runner and the allocator's
cache is that runner's pool, so we pick it up from the allocator. With a
speculative algorithm configured we stay with the pool on the runner.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: Optional[int] = None):
        self.sliding_window_size = sliding_window_size
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool: KVCache = self._pick_pool(model_runner)

    @staticmethod
    def _pick_pool(model_runner) -> KVCache:
        if model_runner.spec_algorithm.is_none():
            return model_runner.token_to_kv_pool_allocator.get_kvcache()
        return model_runner.token_to_kv_pool

    def _is_swa(self) -> bool:
        return isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self._is_swa():
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
