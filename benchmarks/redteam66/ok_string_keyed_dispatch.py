"""Decode backend with a string-keyed handler table.

The layout key ("swa" / "full") is derived from the KV pool the runner reads,
and each key maps to a bound handler. The allocator's class name is recorded
for the startup banner only.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend dispatching on the KV layout key."""

    LAYOUT_SWA = "swa"
    LAYOUT_FULL = "full"

    def __init__(self, model_runner, layout_override: str = ""):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.layout = layout_override or self._layout_key(self.kv_pool)
        self._handlers: Dict[str, Callable[[torch.Tensor], Tuple[KVCache, torch.Tensor]]] = {
            self.LAYOUT_SWA: self._decode_windowed,
            self.LAYOUT_FULL: self._decode_full,
        }
        logger.info(
            "layout=%s allocator=%s",
            self.layout,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    @classmethod
    def _layout_key(cls, pool: KVCache) -> str:
        return cls.LAYOUT_SWA if isinstance(pool, SWAKVPool) else cls.LAYOUT_FULL

    def _decode_full(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, loc

    def _decode_windowed(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._handlers[self.layout](loc)
