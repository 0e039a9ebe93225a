from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _read_pool(mr):
    if isinstance(mr.token_to_kv_pool, SWAKVPool):
        return mr.token_to_kv_pool
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return mr.token_to_kv_pool
    kv = mr.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else mr.token_to_kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.read_pool = _read_pool(model_runner)
        self._translate = (
            self.read_pool.translate_loc_from_full_to_swa
            if isinstance(self.read_pool, SWAKVPool)
            else None
        )

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.read_pool, loc
