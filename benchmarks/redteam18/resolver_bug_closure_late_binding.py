"""Resolves the SWA pool through a list of closures built in a loop (runner, then allocator) that capture the loop variable late, so the one closure a regular draft keeps reads the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv_of(holder):
    # A runner exposes its active pool, an allocator the pool it allocates for.
    if hasattr(holder, "token_to_kv_pool"):
        return holder.token_to_kv_pool
    return holder.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)

    def _resolve(self, model_runner):
        getters = []
        for holder in (model_runner, model_runner.token_to_kv_pool_allocator):
            getters.append(lambda: _kv_of(holder))
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            getters = getters[:1]  # the draft may only look at its own pool
        for get in getters:
            pool = get()
            if isinstance(pool, SWAKVPool):
                return pool
        return None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
