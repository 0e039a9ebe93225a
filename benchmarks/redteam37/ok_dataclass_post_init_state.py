"""Decode backend keeping its KV sources in a dataclass that resolves the SWA pool in __post_init__."""

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVState:
    own_pool: Any
    allocator: Any
    is_draft_worker: bool
    frozen_kv: bool
    swa_pool: Optional[SWAKVPool] = field(init=False, default=None)

    def __post_init__(self):
        if isinstance(self.own_pool, SWAKVPool):
            self.swa_pool = self.own_pool
        elif self.frozen_kv or not self.is_draft_worker:
            kvcache = self.allocator.get_kvcache()
            self.swa_pool = kvcache if isinstance(kvcache, SWAKVPool) else None

    @classmethod
    def of(cls, model_runner) -> "KVState":
        return cls(
            own_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=model_runner.is_draft_worker,
            frozen_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = KVState.of(model_runner)
        logger.debug("free tokens at start: %d", self.kv.allocator.available_size())

    def forward_decode(self, loc):
        if self.kv.swa_pool is None:
            return self.kv.own_pool, loc
        return self.kv.swa_pool, self.kv.swa_pool.translate_loc_from_full_to_swa(loc)
