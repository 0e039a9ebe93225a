"""Hybrid KV resolution cached as a property.

``swa_pool`` is a ``functools.cached_property`` computed on first access and
dropped by ``reset`` (after ``update_weights_from_disk`` or a KV resize). The
resolver mirrors the runner-level rule used by the hybrid backends.
"""

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_layers: Optional[int] = None):
        self.model_runner = model_runner
        self.num_layers = num_layers
        self.reset_count = 0

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    @functools.cached_property
    def read_pool(self) -> KVCache:
        return self.swa_pool if self.swa_pool is not None else self.model_runner.token_to_kv_pool

    def reset(self) -> None:
        for name in ("swa_pool", "read_pool"):
            self.__dict__.pop(name, None)
        self.reset_count += 1
        logger.debug("decode view reset (%d)", self.reset_count)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is None:
            return self.read_pool, loc
        return self.read_pool, swa.translate_loc_from_full_to_swa(loc)
