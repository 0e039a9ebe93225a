"""Backend whose SWA pool resolver is split in two helpers: the runner's own window pool,
else the target's pool borrowed through the shared allocator by a draft worker."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


def _own_swa_pool(model_runner) -> Optional[BaseSWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, BaseSWAKVPool) else None


def _borrowed_swa_pool(model_runner) -> Optional[BaseSWAKVPool]:
    # A target already answered from its own pool; only drafts can borrow.
    if not model_runner.is_draft_worker:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, BaseSWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = _own_swa_pool(model_runner) or _borrowed_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
