"""Decode backend with a small layout descriptor for hybrid full/SWA caches.

``KVLayoutInfo`` summarises the cache geometry once at construction time so that the
per-step path only branches on plain booleans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass(frozen=True)
class KVLayoutInfo:
    is_hybrid: bool
    page_size: int

    @classmethod
    def probe(cls, allocator, page_size: int) -> "KVLayoutInfo":
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        return cls(is_hybrid=mapping is not None, page_size=page_size)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layout: KVLayoutInfo | None = None):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool
        self.layout = layout or KVLayoutInfo.probe(
            model_runner.token_to_kv_pool_allocator, model_runner.page_size
        )

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.layout.is_hybrid:
            return loc
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._decode_indices(loc)
