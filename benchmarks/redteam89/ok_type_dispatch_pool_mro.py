"""Decode backend with a pool-type setup table resolved along the MRO.

Subclasses of a registered pool inherit its setup routine, so vendor pools derived from
``SWAKVPool`` or ``MHATokenToKVPool`` need no extra registration.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Dict, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translate = Optional[Callable[[torch.Tensor], torch.Tensor]]


def _setup_full(pool) -> Translate:
    return None


def _setup_swa(pool) -> Translate:
    return pool.translate_loc_from_full_to_swa


_SETUP_BY_POOL: Dict[type, Callable[[Any], Translate]] = {
    MHATokenToKVPool: _setup_full,
    SWAKVPool: _setup_swa,
}


def _lookup(pool) -> Callable[[Any], Translate]:
    for cls in type(pool).__mro__:
        handler = _SETUP_BY_POOL.get(cls)
        if handler is not None:
            return handler
    return _setup_full


class GeneratedAttnBackend:
    """FlashInfer-like decode backend using a type-keyed setup table."""

    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.kv_pool = model_runner.token_to_kv_pool
        setup = _lookup(self.kv_pool)
        self._translate = setup(self.kv_pool)
        logger.info("pool=%s setup=%s", type(self.kv_pool).__name__, setup.__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
