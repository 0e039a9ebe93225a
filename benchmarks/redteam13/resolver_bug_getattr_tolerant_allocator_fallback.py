"""Resolver that prefers the active SWA pool and otherwise falls back to the allocator's kvcache via a tolerant getattr."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        # FROZEN_KV MTP drafts read the target's SWA pool through the shared allocator;
        # the getattr tolerates minimal allocator stubs in tests.
        get_kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache", None)
        kvcache = get_kvcache() if get_kvcache is not None else None
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
