"""Decode backend that records where its sliding-window pool came from.

The resolution result is kept in a small dataclass so that ``/get_server_info`` and
the debug dump can report which cache each worker (target or draft) reads.
"""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAPoolResolution:
    pool: Optional[SWAKVPool]
    source: str
    allocator_free: int = 0
    notes: list = field(default_factory=list)

    @property
    def enabled(self) -> bool:
        return self.pool is not None


def resolve_swa_pool(model_runner) -> SWAPoolResolution:
    allocator = model_runner.token_to_kv_pool_allocator
    free = allocator.available_size()
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return SWAPoolResolution(active, "runner", free)
    spec = model_runner.spec_algorithm
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
        return SWAPoolResolution(None, "draft-own-pool", free, [allocator.debug_print()])
    shared = allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return SWAPoolResolution(shared, "allocator", free)
    return SWAPoolResolution(None, "none", free)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.resolution = resolve_swa_pool(model_runner)
        logger.info("swa resolution: %s", self.resolution)

    def forward_decode(self, loc: torch.Tensor):
        if not self.resolution.enabled:
            return self.kv_pool, loc
        swa = self.resolution.pool
        return swa, swa.translate_loc_from_full_to_swa(loc)
