"""Resolver reading a draft flag under the wrong attribute name."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_draft = getattr(model_runner, "is_draft", False)
        self.spec_algorithm = model_runner.spec_algorithm
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._swa_kv_pool = self._resolve_swa_kv_pool()

    def _resolve_swa_kv_pool(self):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.is_draft and not self.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = self.allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
