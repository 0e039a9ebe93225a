"""Decode backend whose drafts log the target's kvcache type but keep reading their own pool."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        shared = allocator.get_kvcache()
        self._regular_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if self._regular_draft:
            logger.info(
                "draft attention over its own %s; target kvcache is %s",
                type(self.token_to_kv_pool).__name__,
                type(shared).__name__,
            )
        self.swa_kv_pool = self._pick(shared)

    def _pick(self, shared) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self._regular_draft:
            return None
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1
