"""Backend whose resolver matches on (is_draft_worker, spec_algorithm) to decide whether the allocator's cache may be borrowed."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm


def _swa_pool_for(mr):
    if isinstance(mr.token_to_kv_pool, SWAKVPool):
        return mr.token_to_kv_pool
    match (bool(mr.is_draft_worker), mr.spec_algorithm):
        case (True, SpeculativeAlgorithm.FROZEN_KV_MTP) | (True, _):
            kv = mr.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _swa_pool_for(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
