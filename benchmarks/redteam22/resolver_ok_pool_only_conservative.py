"""Backend that only borrows the allocator's SWA pool on non-draft runners."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)

    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if getattr(model_runner, "is_draft_worker", False):
            # Draft runners own their KV pool; never translate through the target's map.
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        pool = self.swa_kv_pool or self.token_to_kv_pool
        if pool is self.swa_kv_pool:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
