"""Decode backend driven by a small allocator-name -> KV layout table.

Keeping the mapping in one table makes it easy to add new allocator
implementations (e.g. the pure-SWA allocator) without touching the
backend body.
"""

from typing import Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

KV_LAYOUT_BY_ALLOCATOR: Dict[str, str] = {
    "TokenToKVPoolAllocator": "full",
    "PagedTokenToKVPoolAllocator": "full",
    "SWATokenToKVPoolAllocator": "hybrid_swa",
    "PureSWATokenToKVPoolAllocator": "hybrid_swa",
}


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, default_layout: str = "full"):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_layout = KV_LAYOUT_BY_ALLOCATOR.get(type(self.allocator).__name__, default_layout)

    def describe(self) -> str:
        return f"{type(self).__name__}(layout={self.kv_layout})"

    def _locations_for_layout(self, loc: torch.Tensor) -> torch.Tensor:
        if self.kv_layout == "hybrid_swa":
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._locations_for_layout(loc)
