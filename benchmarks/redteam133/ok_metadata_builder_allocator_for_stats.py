"""Metadata builder for the paged decode kernel.

The builder receives the KV pool for kernel inputs and the allocator only for capacity
statistics that are attached to the step metadata for scheduling diagnostics.
"""

from dataclasses import dataclass, field
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    kv_pool: Any
    kv_indices: torch.Tensor
    stats: Dict[str, int] = field(default_factory=dict)


class DecodeMetadataBuilder:
    def __init__(self, *, kv_pool, allocator=None, collect_stats: bool = False):
        self.kv_pool = kv_pool
        self.allocator = allocator
        self.collect_stats = collect_stats and allocator is not None

    def _stats(self) -> Dict[str, int]:
        if not self.collect_stats:
            return {}
        return {"available": int(self.allocator.available_size())}

    def build(self, out_cache_loc: torch.Tensor) -> DecodeMetadata:
        pool = self.kv_pool
        if isinstance(pool, SWAKVPool):
            indices = pool.translate_loc_from_full_to_swa(out_cache_loc)
        else:
            indices = out_cache_loc
        return DecodeMetadata(pool, indices, self._stats())


class GeneratedAttnBackend:
    def __init__(self, model_runner, collect_stats: bool = True):
        self.metadata_builder = DecodeMetadataBuilder(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            collect_stats=collect_stats,
        )
        self.forward_metadata: Optional[DecodeMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.metadata_builder.build(loc)
        md = self.forward_metadata
        return md.kv_pool, md.kv_indices
