"""Backend resolving the SWA pool lazily on first use."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self._swa_pool_cache: Optional[SWAKVPool] = None
        self._resolved = False

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if not self._resolved:
            kv = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_pool_cache = kv if isinstance(kv, SWAKVPool) else None
            self._resolved = True
        return self._swa_pool_cache

    def forward_decode(self, loc):
        pool = self.swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
