"""Hybrid SWA backend: pick up the target's SWA pool for speculative workers."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.spec_algorithm = model_runner.spec_algorithm
        self.is_draft_worker = model_runner.is_draft_worker
        self.swa_kv_pool: Optional[SWAKVPool] = self._get_swa_kv_pool(model_runner)
        self._num_decode_calls = 0

    def _skip_shared_pool(self) -> bool:
        # FROZEN_KV MTP drafts write nothing and read the target's cache as-is.
        return self.is_draft_worker and self.spec_algorithm.is_frozen_kv_mtp()

    def _get_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self._skip_shared_pool():
            return None
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(pool, SWAKVPool):
            logger.info("using shared SWA pool from allocator for %s", self.spec_algorithm)
            return pool
        return None

    @property
    def num_decode_calls(self) -> int:
        return self._num_decode_calls

    def forward_decode(self, loc):
        self._num_decode_calls += 1
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
