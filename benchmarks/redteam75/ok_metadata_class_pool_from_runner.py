"""Decode metadata builder for hybrid SWA attention.

``DecodeKVMetadata`` bundles what the kernels need for one step. The allocator
kind is recorded for tracing; the pool and index space follow the runner.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeKVMetadata:
    pool: KVCache
    swa_pool: Optional[SWAKVPool]
    allocator_kind: str
    window_tokens: int = 0
    trace: dict = field(default_factory=dict)

    @property
    def uses_window_index_space(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        hybrid_alloc = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.metadata = DecodeKVMetadata(
            pool=pool,
            swa_pool=pool if isinstance(pool, SWAKVPool) else None,
            allocator_kind="swa" if hybrid_alloc else "token",
            window_tokens=allocator.size_swa if hybrid_alloc else 0,
        )

    def forward_decode(self, loc: torch.Tensor):
        md = self.metadata
        md.trace["last_batch_tokens"] = int(loc.numel())
        if md.uses_window_index_space:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.pool, loc
