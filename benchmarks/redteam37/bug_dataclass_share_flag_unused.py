"""Decode backend keeping its KV sources in a dataclass with a computed sharing flag."""

import logging
from dataclasses import dataclass, field
from typing import Any, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class KVState:
    own_pool: Any
    shared_kvcache: Any
    is_draft_worker: bool
    frozen_kv: bool
    use_shared: bool = field(init=False, default=False)

    def __post_init__(self):
        self.use_shared = not self.is_draft_worker or self.frozen_kv

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.own_pool, SWAKVPool):
            return self.own_pool
        if isinstance(self.shared_kvcache, SWAKVPool):
            return self.shared_kvcache
        return None

    @classmethod
    def of(cls, model_runner) -> "KVState":
        return cls(
            own_pool=model_runner.token_to_kv_pool,
            shared_kvcache=model_runner.token_to_kv_pool_allocator.get_kvcache(),
            is_draft_worker=model_runner.is_draft_worker,
            frozen_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = KVState.of(model_runner)
        logger.info("shares target kv: %s", self.kv.use_shared)

    def forward_decode(self, loc):
        swa = self.kv.swa_pool
        if swa is None:
            return self.kv.own_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
