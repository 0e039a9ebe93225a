"""Decode backend that captures the runner's speculative role in a dataclass before resolving KV."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SpecContext:
    is_draft: bool
    reads_target_kv: bool
    allocator_kind: str

    @classmethod
    def from_runner(cls, model_runner) -> "SpecContext":
        spec = model_runner.spec_algorithm
        return cls(
            is_draft=bool(model_runner.is_draft_worker),
            reads_target_kv=bool(spec.is_frozen_kv_mtp()),
            allocator_kind=type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    @property
    def owns_kv(self) -> bool:
        return self.is_draft and not self.reads_target_kv


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.ctx = SpecContext.from_runner(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)
        logger.info("%s -> swa=%s", self.ctx, self.swa_kv_pool is not None)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.ctx.owns_kv:
            return None
        if not self.ctx.allocator_kind.startswith("SWA"):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
