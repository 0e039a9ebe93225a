"""Lazily resolved sliding-window pool for a FlashMLA-style decode backend."""

from functools import cached_property
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_q_heads: int = 16):
        self.model_runner = model_runner
        self.num_q_heads = num_q_heads
        self.device = model_runner.device

    @cached_property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        pool = self.kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _decode_locations(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        swa = self.swa_kv_pool
        if swa is None:
            return out_cache_loc
        return swa.translate_loc_from_full_to_swa(out_cache_loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._decode_locations(loc)
        return (self.swa_kv_pool or self.kv_pool), locations
