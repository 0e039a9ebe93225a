"""Attention backend that resolves its SWA pool through a chain of and/or fallbacks."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shared_swa_pool(runner):
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return isinstance(kv, SWAKVPool) and kv or None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = pool = model_runner.token_to_kv_pool
        algo = model_runner.spec_algorithm
        frozen = hasattr(algo, "is_frozen_kv_mtp") and algo.is_frozen_kv_mtp()
        regular_draft = model_runner.is_draft_worker and not frozen
        own = isinstance(pool, SWAKVPool) and pool or None
        # own pool, else nothing for a regular draft, else the target's SWA pool
        self.swa_pool = own or (regular_draft and None) or _shared_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
