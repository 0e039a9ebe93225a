"""Backend whose SWA pool comes from a small frozen dataclass built from the runner."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class PoolSource:
    own_pool: object
    allocator: object
    is_draft_worker: bool
    frozen_kv_mtp: bool

    @classmethod
    def from_runner(cls, model_runner) -> "PoolSource":
        return cls(
            own_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=bool(model_runner.is_draft_worker),
            frozen_kv_mtp=bool(model_runner.spec_algorithm.is_frozen_kv_mtp()),
        )

    @property
    def shares_target_kv(self) -> bool:
        return not self.is_draft_worker or self.frozen_kv_mtp

    def swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.own_pool, SWAKVPool):
            return self.own_pool
        if not self.shares_target_kv:
            return None
        kvcache = self.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.source = PoolSource.from_runner(model_runner)
        self.token_to_kv_pool = self.source.own_pool
        self.swa_kv_pool = self.source.swa_pool()
        self.page_size = int(getattr(self.source.allocator, "page_size", 1) or 1)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
