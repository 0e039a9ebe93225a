"""Resolver that takes the first SWAKVPool from a generator over the own pool and then the allocator's kvcache, with no draft guard."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _pool_candidates(runner):
    """KV pools this runner could read, most specific first."""
    yield runner.token_to_kv_pool
    allocator = runner.token_to_kv_pool_allocator
    if hasattr(allocator, "get_kvcache"):
        yield allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = next(
            (kv for kv in _pool_candidates(model_runner) if isinstance(kv, SWAKVPool)), None
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
