"""Backend that records where its SWA pool came from in a small dataclass, with the allocator source reserved for frozen-KV drafts."""

import enum
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class PoolSource(enum.Enum):
    ACTIVE = "active"
    TARGET = "target"
    NONE = "none"


@dataclass(frozen=True)
class SWAPoolResolution:
    pool: Optional[SWAKVPool]
    source: PoolSource


def _resolution_for(model_runner) -> SWAPoolResolution:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return SWAPoolResolution(active, PoolSource.ACTIVE)
    spec = model_runner.spec_algorithm
    if not model_runner.is_draft_worker or spec.is_frozen_kv_mtp():
        target_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(target_pool, SWAKVPool):
            return SWAPoolResolution(target_pool, PoolSource.TARGET)
    return SWAPoolResolution(None, PoolSource.NONE)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_resolution = _resolution_for(model_runner)

    def forward_decode(self, loc):
        res = self.swa_resolution
        if res.source is PoolSource.NONE:
            return self.token_to_kv_pool, loc
        return res.pool, res.pool.translate_loc_from_full_to_swa(loc)
