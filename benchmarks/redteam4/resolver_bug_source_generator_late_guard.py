from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _sources(mr):
    yield mr.token_to_kv_pool
    yield mr.token_to_kv_pool_allocator.get_kvcache()
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return


def _first_swa(mr):
    for candidate in _sources(mr):
        if isinstance(candidate, SWAKVPool):
            return candidate
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = _first_swa(model_runner)

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
