"""FlashAttention-3 decode backend.

The page size used for the page table comes from the allocator (it is the unit
the allocator hands out); the KV view is the pool owned by this runner.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class FlashAttentionDecodeMetadata:
    __slots__ = ("page_size", "page_table")

    def __init__(self, page_size: int):
        self.page_size = page_size
        self.page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        allocator = model_runner.token_to_kv_pool_allocator
        self.metadata = FlashAttentionDecodeMetadata(page_size=allocator.page_size)
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(self.kv_cache, SWAKVPool)

    def _page_table_for(self, loc: torch.Tensor) -> torch.Tensor:
        return torch.div(loc, max(self.metadata.page_size, 1), rounding_mode="floor")

    def forward_decode(self, loc: torch.Tensor):
        self.metadata.page_table = self._page_table_for(loc)
        if self.is_hybrid_swa:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
