"""Backend whose resolver reads a small ``DraftInfo`` record built with keyword arguments
from the runner; the record decides whether the shared allocator's pool may be used."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DraftInfo:
    is_draft: bool
    shares_target_kv: bool

    @classmethod
    def of(cls, model_runner) -> "DraftInfo":
        return cls(
            is_draft=bool(model_runner.is_draft_worker),
            shares_target_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.draft_info = DraftInfo.of(model_runner)
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        info = self.draft_info
        if info.is_draft and not info.shares_target_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
