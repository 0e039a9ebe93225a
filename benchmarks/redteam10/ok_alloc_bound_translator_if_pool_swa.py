"""Backend storing the allocator's bound translator when its own pool is SWA."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = pool
        self._translate = (
            allocator.translate_loc_from_full_to_swa if isinstance(pool, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        if self._translate is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._translate(loc)
