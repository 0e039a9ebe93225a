"""SWA pool resolver that also reports where the pool came from.

The source tag (``Literal``) is logged at startup so hybrid/spec-decode setups
are easy to audit from server logs.
"""

from __future__ import annotations

import logging
from typing import Literal, NamedTuple, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

PoolSource = Literal["active", "shared_allocator", "none"]


class SwaResolution(NamedTuple):
    pool: Optional[SWAKVPool]
    source: PoolSource


def resolve_swa(model_runner) -> SwaResolution:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return SwaResolution(active, "active")
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return SwaResolution(None, "none")
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return SwaResolution(kvcache, "shared_allocator")
    return SwaResolution(None, "none")


class GeneratedAttnBackend:
    """Decode backend for hybrid sliding-window models under spec decoding."""

    def __init__(self, model_runner, log_resolution: bool = True) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        resolution = resolve_swa(model_runner)
        self.swa_pool: Optional[SWAKVPool] = resolution.pool
        self.swa_source: PoolSource = resolution.source
        if log_resolution:
            logger.info("swa pool source=%s", self.swa_source)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
