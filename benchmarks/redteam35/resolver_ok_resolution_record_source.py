"""Backend that records where its SWA pool came from for debugging dumps."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PoolSource(enum.Enum):
    ACTIVE = "active"
    TARGET_ALLOCATOR = "target_allocator"
    NONE = "none"


@dataclass(frozen=True)
class SWAResolution:
    pool: Optional[SWAKVPool]
    source: PoolSource

    @property
    def enabled(self) -> bool:
        return self.pool is not None


def resolve(model_runner) -> SWAResolution:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return SWAResolution(active, PoolSource.ACTIVE)
    regular_draft = model_runner.is_draft_worker and not (
        model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if regular_draft:
        return SWAResolution(None, PoolSource.NONE)
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return SWAResolution(kvcache, PoolSource.TARGET_ALLOCATOR)
    return SWAResolution(None, PoolSource.NONE)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa = resolve(model_runner)
        logger.debug("swa pool source: %s", self.swa.source.value)

    def debug_dump(self) -> dict:
        return {"swa_source": self.swa.source.value, "enabled": self.swa.enabled}

    def forward_decode(self, loc: torch.Tensor):
        if not self.swa.enabled:
            return self.token_to_kv_pool, loc
        return self.swa.pool, self.swa.pool.translate_loc_from_full_to_swa(loc)
