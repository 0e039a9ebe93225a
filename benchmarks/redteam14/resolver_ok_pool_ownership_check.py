"""Backend whose SWA-pool resolver borrows the allocator's pool only if that pool is its own or the draft is FROZEN_KV MTP."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_pool = self._resolve(model_runner)

    def _resolve(self, model_runner):
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(backing, SWAKVPool):
            return None
        if backing is self.token_to_kv_pool:
            return backing
        # A pool the allocator does not back: only a frozen-KV draft reads
        # the allocator's pool instead of its own.
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            return backing
        return None

    def forward_decode(self, loc):
        if self._swa_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
