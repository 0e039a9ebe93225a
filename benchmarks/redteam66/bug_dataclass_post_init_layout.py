"""Decode metadata for hybrid-window models, built as a dataclass.

``DecodeLayout.__post_init__`` derives the windowing flags from the runner's
KV handles; per-step scratch tensors are kept in a ``default_factory`` dict.
"""

from __future__ import annotations

import dataclasses
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclasses.dataclass
class DecodeLayout:
    kv_pool: KVCache
    allocator: BaseTokenToKVPoolAllocator
    page_size: int = 1
    use_sliding_window: bool = dataclasses.field(init=False, default=False)
    window_pool: Optional[SWAKVPool] = dataclasses.field(init=False, default=None)
    scratch: Dict[str, torch.Tensor] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        cache = self.allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            self.use_sliding_window = True
            self.window_pool = cache


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend driven by a ``DecodeLayout``."""

    def __init__(self, model_runner, page_size: Optional[int] = None):
        super().__init__()
        self.layout = DecodeLayout(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            page_size=page_size or model_runner.page_size,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        layout = self.layout
        if layout.use_sliding_window:
            swa_loc = layout.window_pool.translate_loc_from_full_to_swa(loc)
            layout.scratch["swa_loc"] = swa_loc
            return layout.window_pool, swa_loc
        return layout.kv_pool, loc
