"""Decode backend with a per-allocator-type setup table.

Each allocator flavour maps to a small setup routine returning ``(pool, translate)``.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.allocator import (
    PagedTokenToKVPoolAllocator,
    TokenToKVPoolAllocator,
)
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

Translate = Optional[Callable[[torch.Tensor], torch.Tensor]]


def _setup_full(model_runner, allocator) -> Tuple[Any, Translate]:
    return model_runner.token_to_kv_pool, None


def _setup_swa(model_runner, allocator) -> Tuple[Any, Translate]:
    pool = model_runner.token_to_kv_pool
    return pool, allocator.translate_loc_from_full_to_swa


_SETUP_BY_ALLOCATOR: Dict[type, Callable[..., Tuple[Any, Translate]]] = {
    TokenToKVPoolAllocator: _setup_full,
    PagedTokenToKVPoolAllocator: _setup_full,
    SWATokenToKVPoolAllocator: _setup_swa,
}


class GeneratedAttnBackend:
    """FlashInfer-like decode backend using a type-keyed setup table."""

    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        allocator = model_runner.token_to_kv_pool_allocator
        setup = _SETUP_BY_ALLOCATOR.get(type(allocator), _setup_full)
        self.kv_pool, self._translate = setup(model_runner, allocator)
        logger.info("setup=%s cuda_graph=%s", setup.__name__, use_cuda_graph)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
