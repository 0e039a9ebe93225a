"""Attention backend whose decode entry point is attached by a class decorator.

``with_hybrid_decode`` injects ``forward_decode`` and ``_swa_loc`` so that the
paged and the ragged variants share one implementation of the hybrid mapping.
"""

from __future__ import annotations

import logging
from typing import Callable, Tuple, Type, TypeVar

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

T = TypeVar("T")


def with_hybrid_decode(cls: Type[T]) -> Type[T]:
    """Attach the hybrid-SWA aware decode path to ``cls``."""

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return loc
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.token_to_kv_pool, self._swa_loc(loc)

    for fn in (_swa_loc, forward_decode):
        fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        setattr(cls, fn.__name__, fn)
    return cls


@with_hybrid_decode
class GeneratedAttnBackend(AttentionBackend):
    """Paged decode backend; decode methods come from ``with_hybrid_decode``."""

    forward_decode: Callable[..., Tuple[KVCache, torch.Tensor]]

    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.device = model_runner.device
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        logger.info(
            "decode backend: kv_splits=%d sliding_window_pool=%s",
            self.num_kv_splits,
            self.use_sliding_window_kv_pool,
        )
