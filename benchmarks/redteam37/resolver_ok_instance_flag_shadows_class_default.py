"""SWA pool resolver method reading a draft flag the constructor copies from the runner."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _BackendDefaults:
    is_draft_worker: bool = False
    page_size: int = 1


class GeneratedAttnBackend(_BackendDefaults):
    def __init__(self, model_runner):
        self.is_draft_worker = model_runner.is_draft_worker
        self.spec_algorithm = model_runner.spec_algorithm
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.is_draft_worker and not self.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = None

    def get_cuda_graph_seq_len_fill_value(self):
        return 1
