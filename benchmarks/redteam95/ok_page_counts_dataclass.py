"""Decode metadata for paged hybrid attention.

Page counts for both regions come from the allocator; the cache that is read is
recorded from the runner's pool when the metadata is built.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class HybridDecodeMetadata:
    full_pages: int
    swa_pages: int
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool] = None

    @property
    def pages_per_req_hint(self) -> int:
        return max(1, min(self.full_pages, self.swa_pages or self.full_pages) // 64)


def build_metadata(model_runner) -> HybridDecodeMetadata:
    allocator = model_runner.token_to_kv_pool_allocator
    page_size = max(model_runner.page_size, 1)
    pool = model_runner.token_to_kv_pool
    return HybridDecodeMetadata(
        full_pages=getattr(allocator, "size_full", allocator.size) // page_size,
        swa_pages=getattr(allocator, "size_swa", 0) // page_size,
        kv_pool=pool,
        swa_pool=pool if isinstance(pool, SWAKVPool) else None,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 64):
        self.metadata = build_metadata(model_runner)
        self.block_table = torch.full(
            (max_bs, self.metadata.pages_per_req_hint), -1, dtype=torch.int32
        )

    def forward_decode(self, loc: torch.Tensor):
        md = self.metadata
        if md.swa_pages and md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.kv_pool, loc
