"""Resolver that matches (is_draft_worker, spec_algorithm) against `(True, FROZEN_KV_MTP)`, a bare-name capture pattern that matches every draft."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

FROZEN_KV_MTP = SpeculativeAlgorithm.FROZEN_KV_MTP


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        match (mr.is_draft_worker, mr.spec_algorithm):
            case (False, _):
                may_share = True
            case (True, FROZEN_KV_MTP):
                may_share = True
            case _:
                may_share = False
        if not may_share:
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
