"""Resolver using a match statement over (own pool is SWA, is draft, FROZEN_KV MTP); regular drafts resolve to None."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._pick_swa_pool(model_runner)

    def _pick_swa_pool(self, model_runner):
        own = model_runner.token_to_kv_pool
        state = (
            isinstance(own, SWAKVPool),
            bool(model_runner.is_draft_worker),
            model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        match state:
            case (True, _, _):
                return own
            case (False, True, False):
                return None
            case _:
                kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
