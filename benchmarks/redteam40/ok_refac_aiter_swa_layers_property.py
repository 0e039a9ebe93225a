"""aiter-style backend: ``use_sliding_window_kv_pool`` is a property over the resolved pool's
window layers; the slot mapping comes from that pool and the allocator feeds a gauge."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.enable_metrics = model_runner.server_args.enable_metrics
        if self.use_sliding_window_kv_pool:
            self.swa_slot_mapping = self.swa_kv_pool.full_to_swa_index_mapping.long()

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.swa_kv_pool is not None and self.swa_kv_pool.swa_layer_nums > 0

    @property
    def free_token_slots(self) -> int:
        return self.token_to_kv_pool_allocator.available_size()

    def forward_decode(self, loc: torch.Tensor):
        if self.enable_metrics:
            logger.info("aiter decode: %d free token slots", self.free_token_slots)
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self.swa_slot_mapping[loc]
        return self.token_to_kv_pool, loc
