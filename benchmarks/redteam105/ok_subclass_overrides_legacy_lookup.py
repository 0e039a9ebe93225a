"""Decode backend built on the legacy single-runner base class.

``_LegacyHybridBackend`` was written before speculative drafts shared the target
allocator and looks the hybrid pool up through it. The concrete backend replaces
that lookup with one based on the runner's own pool.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _LegacyHybridBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.lookup_swa_pool()

    def lookup_swa_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_LegacyHybridBackend):
    def __init__(self, model_runner, decode_block_size: int = 64):
        self.decode_block_size = decode_block_size
        super().__init__(model_runner)

    def lookup_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None
