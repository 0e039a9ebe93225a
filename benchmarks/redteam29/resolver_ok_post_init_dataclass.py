"""Backend whose SWA pool is resolved in the __post_init__ of a small resolution record."""

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAPoolResolution:
    active_pool: Any
    allocator: Any
    is_draft_worker: bool
    frozen_kv_mtp: bool
    swa_pool: Optional[SWAKVPool] = field(init=False, default=None)
    source: str = field(init=False, default="none")

    def __post_init__(self):
        if isinstance(self.active_pool, SWAKVPool):
            self.swa_pool, self.source = self.active_pool, "active"
            return
        if self.is_draft_worker and not self.frozen_kv_mtp:
            return
        kvcache = self.allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            self.swa_pool, self.source = kvcache, "allocator"

    @classmethod
    def from_runner(cls, model_runner) -> "SWAPoolResolution":
        return cls(
            active_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=model_runner.is_draft_worker,
            frozen_kv_mtp=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        resolution = SWAPoolResolution.from_runner(model_runner)
        self.swa_kv_pool = resolution.swa_pool
        logger.debug("SWA pool source: %s", resolution.source)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
