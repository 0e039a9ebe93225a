"""Attention backend that picks its SWA pool with next(filter(...)) over candidate pools."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = own = model_runner.token_to_kv_pool
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        algo = model_runner.spec_algorithm
        regular_draft = (
            model_runner.is_draft_worker and not getattr(algo, "is_frozen_kv_mtp", lambda: False)()
        )
        keep = lambda p: p is own or (isinstance(p, SWAKVPool) and not regular_draft)
        self.swa_pool = next(filter(keep, (own, shared)), None)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
