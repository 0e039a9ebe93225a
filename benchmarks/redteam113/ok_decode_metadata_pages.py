"""Decode metadata builder for paged sliding-window attention.

``DecodeMetadata`` carries the per-step page bookkeeping (free pages, pages
touched) computed from allocator counts, plus the KV indices the kernel reads.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    kv_pool: KVCache
    kv_indices: torch.Tensor
    free_pages: int
    pages_touched: int
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner, keep_last_metadata: bool = True):
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.keep_last_metadata = keep_last_metadata
        self.last_metadata: Optional[DecodeMetadata] = None

    def _window_pool(self) -> Optional[SWAKVPool]:
        return self.pool if isinstance(self.pool, SWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        window_pool = self._window_pool()
        if window_pool is not None:
            kv_pool, kv_indices = window_pool, window_pool.translate_loc_from_full_to_swa(loc)
        else:
            kv_pool, kv_indices = self.pool, loc
        pages = torch.div(loc, self.page_size, rounding_mode="floor").unique().numel()
        meta = DecodeMetadata(
            kv_pool=kv_pool,
            kv_indices=kv_indices,
            free_pages=self.allocator.available_size() // self.page_size,
            pages_touched=int(pages),
        )
        if self.keep_last_metadata:
            self.last_metadata = meta
        return meta

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        return meta.kv_pool, meta.kv_indices
