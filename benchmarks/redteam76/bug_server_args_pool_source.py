"""Decode-side KV addressing for hybrid sliding-window models.

The source of the sliding-window pool used to be configurable through the
server arguments (``attn_swa_pool_source``). Older deployments never set the
field, so the lookup keeps the historical ``"allocator"`` behaviour as default.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_VALID_SOURCES = ("allocator", "runner")


class GeneratedAttnBackend(AttentionBackend):
    """Minimal decode backend that addresses the sliding-window KV buffers."""

    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        source = getattr(model_runner.server_args, "attn_swa_pool_source", "allocator")
        if source not in _VALID_SOURCES:
            logger.warning("Unknown attn_swa_pool_source=%r, using 'allocator'", source)
            source = "allocator"
        self.pool_source = source
        self.swa_pool: Optional[SWAKVPool] = self._lookup_swa_pool()
        self.kv_pool: KVCache = (
            self.swa_pool if self.swa_pool is not None else model_runner.token_to_kv_pool
        )

    def _lookup_swa_pool(self) -> Optional[SWAKVPool]:
        if self.pool_source == "runner":
            pool = self.model_runner.token_to_kv_pool
        else:
            pool = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
