"""Decode backend for hybrid SWA models, shared by target and draft workers.

Pool resolution is a pure function of the runner's pool, allocator and
speculative role; the backend binds it with ``functools.partial`` so the
same resolver can be reused when the runner's pools are rebuilt.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(
    pool, allocator, *, is_draft_worker: bool, reads_target_kv: bool
) -> Optional[SWAKVPool]:
    if isinstance(pool, SWAKVPool):
        return pool
    if is_draft_worker and not reads_target_kv:
        return None
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self._resolve = functools.partial(
            _resolve_swa_kv_pool,
            is_draft_worker=model_runner.is_draft_worker,
            reads_target_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        self.max_bs = model_runner.req_to_token_pool.size
        self.qo_indptr = torch.arange(self.max_bs + 1, dtype=torch.int32, device=self.device)
        self.refresh_pools()

    def refresh_pools(self) -> None:
        runner = self.model_runner
        self.kv_pool = runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(runner.token_to_kv_pool, runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
