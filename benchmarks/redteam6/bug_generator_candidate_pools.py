from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidate_pools(model_runner):
    # The allocator's kvcache is never swapped, so try it before the (swappable) active pool.
    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    if allocator is not None:
        yield allocator.get_kvcache()
    yield model_runner.token_to_kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = next(
            (p for p in _candidate_pools(model_runner) if isinstance(p, SWAKVPool)), None
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
