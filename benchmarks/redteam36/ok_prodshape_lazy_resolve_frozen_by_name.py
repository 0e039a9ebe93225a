"""Decode backend resolving its SWA pool lazily on the first step, FROZEN_KV checked by name."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNRESOLVED = object()


@dataclass
class RunnerView:
    pool: object
    allocator: object
    is_draft_worker: bool
    spec_name: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._view = RunnerView(
            pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=bool(getattr(model_runner, "is_draft_worker", False)),
            spec_name=getattr(model_runner.spec_algorithm, "name", "NONE"),
        )
        self.token_to_kv_pool = self._view.pool
        self._swa_pool = _UNRESOLVED

    def _resolve(self) -> Optional[SWAKVPool]:
        view = self._view
        if isinstance(view.pool, SWAKVPool):
            return view.pool
        if view.is_draft_worker and view.spec_name != "FROZEN_KV_MTP":
            return None
        kvcache = view.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool is _UNRESOLVED:
            self._swa_pool = self._resolve()
            logger.debug("resolved swa pool: %s", type(self._swa_pool).__name__)
        return self._swa_pool

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
