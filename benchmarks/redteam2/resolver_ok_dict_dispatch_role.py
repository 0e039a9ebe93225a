from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _own_pool(mr):
    pool = mr.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _shared_pool(mr):
    pool = _own_pool(mr)
    if pool is None:
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        pool = kv if isinstance(kv, SWAKVPool) else None
    return pool


_RESOLVERS = {
    # (is_draft_worker, is_frozen_kv_mtp) -> how to find the SWA pool
    (False, False): _shared_pool,
    (False, True): _shared_pool,
    (True, True): _shared_pool,
    (True, False): _own_pool,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        key = (bool(model_runner.is_draft_worker), model_runner.spec_algorithm.is_frozen_kv_mtp())
        self._swa_pool = _RESOLVERS[key](model_runner)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
