"""SWA pool resolver with a defensive getattr lookup of the FROZEN_KV check."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _frozen_kv_check(model_runner):
    return getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    frozen_kv = _frozen_kv_check(model_runner)
    if model_runner.is_draft_worker and not frozen_kv:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.page_size = model_runner.page_size

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def init_forward_metadata(self, forward_batch):
        # decode only: locations are translated per step in forward_decode
        self.forward_metadata = None
