"""Decode backend that reserves a padding slot for CUDA-graph replay.

A single scratch slot is taken from the token allocator per decode step so that padded
batch entries have somewhere harmless to write; the slot is returned right after the
step. Sliding-window layers read through the hybrid pool's full->SWA mapping.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, reserve_padding_slot: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.reserve_padding_slot = reserve_padding_slot
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def _take_padding_slot(self) -> Optional[torch.Tensor]:
        if not self.reserve_padding_slot:
            return None
        slot = self.token_to_kv_pool_allocator.alloc(1)
        if slot is None:
            logger.warning("No free KV slot for decode padding; replay will pad in place.")
        return slot

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        padding_slot = self._take_padding_slot()
        try:
            if self.swa_kv_pool is not None:
                swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
                return self.swa_kv_pool, swa_loc
            return self.token_to_kv_pool, loc
        finally:
            if padding_slot is not None:
                self.token_to_kv_pool_allocator.free(padding_slot)
