"""KV view factory for sliding-window decode.

``make_decode_view`` inspects the pool the runner exposes to its attention
layers and returns a ``_DecodeView`` with the buffer owner and slot mapping.
The allocator is only consulted for the capacity numbers we log.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _DecodeView:
    pool: KVCache
    to_pool_loc: Callable[[torch.Tensor], torch.Tensor]
    label: str


def _same_loc(loc: torch.Tensor) -> torch.Tensor:
    return loc


def make_decode_view(model_runner) -> _DecodeView:
    pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    logger.info(
        "decode view for %s: %d tokens available",
        type(pool).__name__,
        allocator.available_size(),
    )
    if isinstance(pool, SWAKVPool):
        return _DecodeView(pool, pool.translate_loc_from_full_to_swa, "swa")
    return _DecodeView(pool, _same_loc, "full")


class GeneratedAttnBackend:
    """Decode backend parameterised by a view factory."""

    def __init__(self, model_runner, view_factory=make_decode_view):
        self.view = view_factory(model_runner)
        self.page_size = model_runner.page_size

    @property
    def kv_label(self) -> str:
        return self.view.label

    def forward_decode(self, loc: torch.Tensor):
        return self.view.pool, self.view.to_pool_loc(loc)
