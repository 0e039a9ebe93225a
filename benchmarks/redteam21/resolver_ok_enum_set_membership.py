"""Backend that skips the allocator-cache fallback for drafts whose algorithm is outside a set of KV-sharing algorithms."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

_SHARES_TARGET_KV = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(self.pool, SWAKVPool):
            self.swa_pool = self.pool
        elif model_runner.is_draft_worker and model_runner.spec_algorithm not in _SHARES_TARGET_KV:
            self.swa_pool = None
        else:
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(cache, SWAKVPool):
                self.swa_pool = cache

    def forward_decode(self, loc):
        if self.swa_pool:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
