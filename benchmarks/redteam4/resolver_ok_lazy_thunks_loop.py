from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidates(mr):
    plain_draft = mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()
    steps = [lambda: mr.token_to_kv_pool]
    if not plain_draft:
        steps.append(lambda: mr.token_to_kv_pool_allocator.get_kvcache())
    return steps


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._swa_pool = None
        for step in _candidates(model_runner):
            found = step()
            if isinstance(found, SWAKVPool):
                self._swa_pool = found
                break

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
