"""Hybrid linear-attention / full-attention decode backend.

Scratch slots reserved for the linear-attention state are returned through the
allocator in ``release``.  The full-attention layers read from the runner's pool,
with sliding-window layers going through the SWA view.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, linear_layer_ids: Optional[list] = None):
        self.linear_layer_ids = linear_layer_ids or []
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.pending_free: Optional[torch.Tensor] = None
        self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None

    def release(self) -> None:
        if self.pending_free is not None and self.pending_free.numel() > 0:
            self.allocator.free(self.pending_free)
            logger.debug("released %d scratch slots", self.pending_free.numel())
        self.pending_free = None

    def forward_decode(self, loc: torch.Tensor):
        self.release()
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
