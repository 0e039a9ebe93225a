"""KV layout enum with per-member decode helpers.

``KVLayout.detect`` inspects the runner once; each member knows which buffers
to hand to the kernel and how to map locations.
"""

from __future__ import annotations

import enum
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache


class KVLayout(enum.Enum):
    FULL = "full"
    SLIDING_WINDOW = "sliding_window"

    @classmethod
    def detect(cls, model_runner) -> "KVLayout":
        allocator = model_runner.token_to_kv_pool_allocator
        if getattr(allocator, "full_to_swa_index_mapping", None) is not None:
            return cls.SLIDING_WINDOW
        return cls.FULL

    @property
    def is_windowed(self) -> bool:
        return self is KVLayout.SLIDING_WINDOW

    def kernel_view(self, pool: KVCache, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.is_windowed:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend parameterised by ``KVLayout``."""

    def __init__(self, model_runner, layout: KVLayout = None):
        super().__init__()
        self.layout = layout or KVLayout.detect(model_runner)
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.layout.kernel_view(self.kv_pool, loc)
