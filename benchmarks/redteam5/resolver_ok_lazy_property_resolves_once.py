from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @property
    def _swa_pool(self) -> Optional[SWAKVPool]:
        if "_resolved_swa_pool" not in self.__dict__:
            self.__dict__["_resolved_swa_pool"] = self._resolve()
        return self.__dict__["_resolved_swa_pool"]

    def _resolve(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if getattr(mr, "is_draft_worker", False):
            if not mr.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
