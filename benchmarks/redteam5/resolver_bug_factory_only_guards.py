from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, swa_kv_pool: Optional[SWAKVPool] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if swa_kv_pool is None:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            swa_kv_pool = kvcache if isinstance(kvcache, SWAKVPool) else None
        self._swa_pool = swa_kv_pool

    @classmethod
    def create(cls, model_runner) -> "GeneratedAttnBackend":
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return cls(model_runner, swa_kv_pool=own)
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            backend = cls.__new__(cls)
            backend.token_to_kv_pool, backend._swa_pool = own, None
            return backend
        return cls(model_runner)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
