from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _as_swa(obj):
    return obj if isinstance(obj, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        plain_draft = mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()
        self._swa_pool = (
            _as_swa(self.pool)
            or (plain_draft and None)
            or _as_swa(mr.token_to_kv_pool_allocator.get_kvcache())
        )

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
