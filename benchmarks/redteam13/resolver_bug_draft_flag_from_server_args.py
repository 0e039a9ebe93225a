"""Resolver method that reads the draft flag off the server args and the speculative algorithm off the model runner."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        is_draft = getattr(model_runner.server_args, "is_draft_worker", False)
        frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if is_draft and not frozen_kv:
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
