"""Decode-only paged attention backend for hybrid sliding-window checkpoints.

SWA-capable pool classes are collected in one tuple; the backend checks the
KV pool attached to its own model runner against it once at construction.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_CAPABLE_POOLS: Tuple[type, ...] = (SWAKVPool, BaseSWAKVPool)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[KVCache] = (
            self.kv_pool if isinstance(self.kv_pool, _SWA_CAPABLE_POOLS) else None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "decode backend: pool=%s swa=%s free_slots=%d",
            type(self.kv_pool).__name__,
            self.swa_kv_pool is not None,
            allocator.available_size(),
        )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.kv_pool
        return pool, self._decode_locations(loc)
