"""KV layout selection via ``functools.singledispatchmethod``.

Each allocator family registers how the decode kernel should address the KV
cache. New allocator types only need a new ``register`` overload.
"""

import functools
import logging
from typing import Literal, Tuple

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

KVLayout = Literal["full", "swa"]


class GeneratedAttnBackend:
    """Decode backend whose addressing mode is dispatched on the allocator."""

    def __init__(self, model_runner, use_sliding_window_kv_pool: bool = True):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.layout: KVLayout = (
            self._layout_for(self.allocator) if use_sliding_window_kv_pool else "full"
        )
        logger.info("GeneratedAttnBackend KV layout: %s", self.layout)

    @functools.singledispatchmethod
    def _layout_for(self, allocator) -> KVLayout:
        return "full"

    @_layout_for.register
    def _(self, allocator: SWATokenToKVPoolAllocator) -> KVLayout:
        return "swa"

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.layout == "swa":
            return self.allocator.get_kvcache(), self._translate(loc)
        return self.kv_pool, loc
