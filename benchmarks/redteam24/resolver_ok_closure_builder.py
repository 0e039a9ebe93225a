"""Attention backend that builds its SWA pool resolver as a closure over the runner's role."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def build_swa_resolver(model_runner):
    algo = model_runner.spec_algorithm
    frozen = bool(getattr(algo, "is_frozen_kv_mtp", lambda: False)())
    borrow_allowed = not model_runner.is_draft_worker or frozen

    def resolve(pool, allocator):
        if isinstance(pool, SWAKVPool):
            return pool
        if not borrow_allowed:
            return None
        kv = allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    return resolve


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        resolve = build_swa_resolver(model_runner)
        self.swa_pool = resolve(self.pool, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
