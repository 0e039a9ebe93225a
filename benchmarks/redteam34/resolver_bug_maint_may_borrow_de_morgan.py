"""Hybrid decode wrapper with a cached SWA pool resolver and a 'may borrow target KV' predicate."""

import functools
import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _Child:
    def __init__(self, kv_pool, swa_pool: Optional[SWAKVPool]):
        self.kv_pool = kv_pool
        self.swa_pool = swa_pool

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.child = _Child(model_runner.token_to_kv_pool, self.swa_pool)
        self.attn_backend_list = [self.child]

    @staticmethod
    def _may_borrow_target_kv(model_runner) -> bool:
        # Only FROZEN_KV MTP draft workers may read the target pool.
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        return not (model_runner.is_draft_worker and frozen)

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if not self._may_borrow_target_kv(mr):
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        return self.child.forward_decode(loc)
