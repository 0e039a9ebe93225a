"""Alternate constructor for the decode backend.

``GeneratedAttnBackend.from_runner`` derives the KV view from the runner's
active pool and records allocator capacity for the startup log line.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode backend with a ``from_runner`` factory."""

    def __init__(
        self,
        model_runner,
        kv_pool: Optional[KVCache] = None,
        swa_pool: Optional[SWAKVPool] = None,
        free_slots_at_init: int = -1,
    ):
        self.model_runner = model_runner
        if kv_pool is None:
            built = type(self).from_runner(model_runner)
            kv_pool, swa_pool, free_slots_at_init = (
                built.kv_pool,
                built.swa_pool,
                built.free_slots_at_init,
            )
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool
        self.free_slots_at_init = free_slots_at_init

    @classmethod
    def from_runner(cls, model_runner) -> "GeneratedAttnBackend":
        kv_pool = model_runner.token_to_kv_pool
        swa_pool = kv_pool if isinstance(kv_pool, SWAKVPool) else None
        allocator = model_runner.token_to_kv_pool_allocator
        free_slots = allocator.available_size()
        logger.info(
            "%s: pool=%s swa=%s free_slots=%d",
            cls.__name__,
            type(kv_pool).__name__,
            swa_pool is not None,
            free_slots,
        )
        return cls(model_runner, kv_pool=kv_pool, swa_pool=swa_pool, free_slots_at_init=free_slots)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
