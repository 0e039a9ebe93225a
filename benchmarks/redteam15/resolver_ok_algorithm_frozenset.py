"""Resolves the SWA pool: own hybrid pool, else the shared allocator's kvcache for targets and for drafts whose algorithm reads target KV."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

# Draft algorithms whose draft layers attend over the target's KV instead of their own.
_READS_TARGET_KV = frozenset(alg for alg in SpeculativeAlgorithm if alg.name == "FROZEN_KV_MTP")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        own = self.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            self.window_pool = own
        elif model_runner.is_draft_worker and model_runner.spec_algorithm not in _READS_TARGET_KV:
            self.window_pool = None
        else:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.window_pool = shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.window_pool is not None:
            loc = self.window_pool.translate_loc_from_full_to_swa(loc)
            return self.window_pool, loc
        return self.token_to_kv_pool, loc
