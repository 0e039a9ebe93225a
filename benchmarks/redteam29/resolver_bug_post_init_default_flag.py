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
    frozen_kv_mtp: bool = False
    is_draft_worker: bool = False
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


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        resolution = SWAPoolResolution(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        self.swa_kv_pool = resolution.swa_pool
        self.is_draft_worker = model_runner.is_draft_worker
        logger.debug("SWA pool source: %s (draft=%s)", resolution.source, self.is_draft_worker)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
