"""SWA pool resolver that matches on the runner's (draft, frozen-kv) role tuple."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _role(model_runner):
        return (
            bool(model_runner.is_draft_worker),
            bool(model_runner.spec_algorithm.is_frozen_kv_mtp()),
        )

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        match self._role(model_runner):
            case (True, False):
                logger.debug("regular draft keeps its own full pool")
                return None
            case _:
                kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1
