"""Backend whose SWA-pool resolver lets a draft borrow the allocator's cache only when its algorithm is FROZEN_KV_MTP."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        may_borrow = (
            not mr.is_draft_worker or mr.spec_algorithm is SpeculativeAlgorithm.FROZEN_KV_MTP
        )
        if not may_borrow:
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
