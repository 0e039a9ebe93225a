from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _own_pool(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _allocator_cache(runner):
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


_PICK = {
    ("target", True): _own_pool,
    ("target", False): _allocator_cache,
    ("draft", True): _own_pool,
    ("draft", False): lambda runner: None,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        role = "draft" if model_runner.is_draft_worker else "target"
        own = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        self.pool = model_runner.token_to_kv_pool
        self.swa = _PICK[(role, own)](model_runner)

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
