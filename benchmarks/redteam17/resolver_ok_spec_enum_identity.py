"""Resolver comparing spec_algorithm to SpeculativeAlgorithm.FROZEN_KV_MTP by identity before a draft may use the allocator's kvcache."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

_FROZEN_KV_MTP = getattr(SpeculativeAlgorithm, "FROZEN_KV_MTP", None)


def _draft_reads_target_kv(model_runner) -> bool:
    return _FROZEN_KV_MTP is not None and model_runner.spec_algorithm is _FROZEN_KV_MTP


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve(model_runner)

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not _draft_reads_target_kv(model_runner):
            return None
        target_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return target_pool if isinstance(target_pool, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
