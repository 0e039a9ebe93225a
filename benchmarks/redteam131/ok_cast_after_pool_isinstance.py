"""Hybrid SWA decode addressing with explicit narrowing for the type checker."""

from dataclasses import dataclass, field
from typing import Optional, Tuple, cast

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeKVMetadata:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool] = None
    notes: list = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        pool = model_runner.token_to_kv_pool
        swa_pool: Optional[SWAKVPool] = None
        if isinstance(pool, SWAKVPool):
            swa_pool = cast(SWAKVPool, pool)
        self.metadata = DecodeKVMetadata(kv_pool=pool, swa_pool=swa_pool)

        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            self.metadata.notes.append(
                f"swa allocator: full={allocator.size_full} swa={allocator.size_swa}"
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.metadata
        if md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
