"""Decode backend with per-layout forward methods generated at import time.

``_forward_full`` and ``_forward_swa`` are produced by ``_make_forward`` and
installed with ``setattr``; ``forward_decode`` dispatches on ``self.kv_layout``.
"""

from __future__ import annotations

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_KV_LAYOUTS = ("full", "swa")


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend dispatching to ``_forward_<layout>``."""

    def __init__(self, model_runner, kv_layout: str | None = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        if kv_layout is None:
            kv_layout = "swa" if isinstance(self.token_to_kv_pool, SWAKVPool) else "full"
        if kv_layout not in _KV_LAYOUTS:
            raise ValueError(f"unknown kv layout {kv_layout!r}")
        self.kv_layout = kv_layout
        logger.debug(
            "kv_layout=%s, %d slots free",
            kv_layout,
            self.token_to_kv_pool_allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        handler = getattr(self, f"_forward_{self.kv_layout}")
        return handler(loc)


def _make_forward(layout: str):
    def _forward(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if layout == "swa":
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc

    _forward.__name__ = f"_forward_{layout}"
    _forward.__qualname__ = f"GeneratedAttnBackend._forward_{layout}"
    _forward.__doc__ = f"Decode step for the {layout!r} KV layout."
    return _forward


for _layout in _KV_LAYOUTS:
    setattr(GeneratedAttnBackend, f"_forward_{_layout}", _make_forward(_layout))
del _layout
