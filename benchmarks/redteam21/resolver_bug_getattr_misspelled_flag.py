"""Backend whose resolver reads a draft flag with getattr and a False default before borrowing the allocator's cache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)

    def _resolve(self, mr):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        is_draft = getattr(mr, "is_draft", False)
        if is_draft and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
