"""Decode backend built around a frozen SWA context record made by a classmethod."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SWAContext:
    own_pool: object
    swa_pool: Optional[SWAKVPool]
    page_size: int

    @staticmethod
    def _is_regular_draft(model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return False
        return not model_runner.spec_algorithm.is_frozen_kv_mtp()

    @classmethod
    def from_runner(cls, model_runner) -> "SWAContext":
        own = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(own, SWAKVPool):
            swa = own
        elif cls._is_regular_draft(model_runner):
            swa = None
        else:
            shared = allocator.get_kvcache()
            swa = shared if isinstance(shared, SWAKVPool) else None
        return cls(own_pool=own, swa_pool=swa, page_size=allocator.page_size)

    @property
    def hybrid(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.ctx = SWAContext.from_runner(model_runner)
        logger.info("hybrid=%s page_size=%d", self.ctx.hybrid, self.ctx.page_size)

    def forward_decode(self, loc):
        if self.ctx.hybrid:
            return self.ctx.swa_pool, self.ctx.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.ctx.own_pool, loc
