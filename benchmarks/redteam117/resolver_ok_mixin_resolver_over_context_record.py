"""Runner context record and SWA-resolution mixin.

``RunnerKVContext`` snapshots the memory-related fields of a model runner so
backends (and their unit tests) do not depend on the runner object itself.
``SWAResolutionMixin`` resolves the sliding-window pool from that snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


@dataclass(frozen=True)
class RunnerKVContext:
    kv_pool: Any
    allocator: Any
    is_draft_worker: bool
    spec_algorithm: SpeculativeAlgorithm

    @classmethod
    def of(cls, model_runner) -> "RunnerKVContext":
        return cls(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=bool(model_runner.is_draft_worker),
            spec_algorithm=model_runner.spec_algorithm,
        )

    @property
    def shares_target_kv(self) -> bool:
        return self.is_draft_worker and self.spec_algorithm.is_frozen_kv_mtp()


class SWAResolutionMixin:
    def resolve_swa_pool(self, ctx: RunnerKVContext) -> Optional[SWAKVPool]:
        if isinstance(ctx.kv_pool, SWAKVPool):
            return ctx.kv_pool
        if ctx.is_draft_worker and not ctx.shares_target_kv:
            return None
        cache = ctx.allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(SWAResolutionMixin):
    def __init__(self, model_runner, context: Optional[RunnerKVContext] = None):
        self.ctx = context or RunnerKVContext.of(model_runner)
        self.swa_pool = self.resolve_swa_pool(self.ctx)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.ctx.kv_pool, loc
