"""Backend that decides with a match statement over the runner's role and speculative algorithm whether to borrow the allocator's pool."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

FROZEN_KV_MTP = SpeculativeAlgorithm.FROZEN_KV_MTP


def _may_borrow(model_runner) -> bool:
    match (bool(model_runner.is_draft_worker), model_runner.spec_algorithm):
        case (False, _):
            return True
        case (True, SpeculativeAlgorithm.FROZEN_KV_MTP):
            return True
        case _:
            return False


def _resolve(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if not _may_borrow(model_runner):
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.frozen_kv_draft = model_runner.spec_algorithm is FROZEN_KV_MTP
        self.swa_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
