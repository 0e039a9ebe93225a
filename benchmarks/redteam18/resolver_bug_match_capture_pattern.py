"""Resolves the SWA pool; a match on the draft's spec algorithm writes `case FROZEN_KV_MTP:`, a bare-name capture pattern that matches every algorithm and allows the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

FROZEN_KV_MTP = SpeculativeAlgorithm.FROZEN_KV_MTP


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa = self._resolve(model_runner)

    @staticmethod
    def _allocator_swa_pool(model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _resolve(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if not model_runner.is_draft_worker:
            return self._allocator_swa_pool(model_runner)
        match model_runner.spec_algorithm:
            case SpeculativeAlgorithm.STANDALONE:
                # Standalone drafts are full models with their own pools.
                return None
            case FROZEN_KV_MTP:
                # The FROZEN_KV draft reads the target's KV directly.
                return self._allocator_swa_pool(model_runner)
        return None

    def forward_decode(self, loc):
        if self._swa is not None:
            return self._swa, self._swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
