"""Sliding-window KV pool resolution over a short list of KV owners.

The resolver walks the runner's KV owners with ``any()`` and captures the
first hybrid cache via an assignment expression.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_cache(owner):
    return owner.get_kvcache() if hasattr(owner, "get_kvcache") else owner


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    owners = (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
    if any(isinstance(found := _as_cache(o), SWAKVPool) for o in owners):
        return found
    return None


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid SWA models."""

    def __init__(self, model_runner, window_size: int = -1):
        super().__init__()
        self.window_size = window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        if self.swa_pool is not None:
            logger.info("using windowed KV (window=%d)", window_size)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
