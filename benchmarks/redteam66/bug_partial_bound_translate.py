"""Decode backend that pre-binds the full->SWA location translator.

The translator is looked up once with ``getattr(..., None)`` and wrapped in a
``functools.partial`` together with the output dtype so the hot path is a
single call.
"""

from __future__ import annotations

import functools
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache


def _apply_translation(
    loc: torch.Tensor, *, translate: Optional[Callable], dtype: torch.dtype
) -> torch.Tensor:
    if translate is None:
        return loc
    return translate(loc).to(dtype)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend with a precomputed index translator."""

    def __init__(self, model_runner, index_dtype: torch.dtype = torch.int64):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self._to_kernel_loc = functools.partial(
            _apply_translation, translate=translate, dtype=index_dtype
        )
        self.use_sliding_window = translate is not None

    def _pool_for_decode(self) -> KVCache:
        # The hybrid pool exposes both full and SWA buffers through one object.
        return self.kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._pool_for_decode(), self._to_kernel_loc(loc)
