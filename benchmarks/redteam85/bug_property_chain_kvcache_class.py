"""Decode backend that derives its kernel variant from the KV cache class.

``kv_cache_cls`` reports the concrete cache class behind the runner's slot
allocator; ``kernel_variant`` maps it to one of the decode kernels.
"""

from __future__ import annotations

import logging
from typing import Tuple, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_warps: int = 4):
        self.model_runner = model_runner
        self.num_warps = num_warps
        self._variant_logged = False

    @property
    def kv_pool(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    @property
    def kv_cache_cls(self) -> Type[KVCache]:
        return type(self.model_runner.token_to_kv_pool_allocator.get_kvcache())

    @property
    def kernel_variant(self) -> str:
        return "swa" if issubclass(self.kv_cache_cls, SWAKVPool) else "full"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        variant = self.kernel_variant
        if not self._variant_logged:
            logger.info("decode kernel variant: %s", variant)
            self._variant_logged = True
        pool = self.kv_pool
        if variant == "swa":
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
