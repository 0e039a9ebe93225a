"""A verify backend built from a decode backend (shares its runner state)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DecodeBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        base = _DecodeBackend(model_runner)
        self.base = base
        self.free_slots_at_init = base.token_to_kv_pool_allocator.available_size()
        self.swa_kv_pool = (
            base.token_to_kv_pool if isinstance(base.token_to_kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.base.token_to_kv_pool, loc
