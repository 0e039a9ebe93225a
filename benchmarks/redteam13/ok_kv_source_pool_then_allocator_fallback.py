"""Backend that takes the runner's pool and falls back to the allocator's kvcache only when the runner has none."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv_source(model_runner):
    pool = getattr(model_runner, "token_to_kv_pool", None)
    if pool is None:
        # Old runners exposed the cache only through the allocator.
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = _kv_source(model_runner)
        self.use_swa = isinstance(self.kv, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.kv, self.kv.translate_loc_from_full_to_swa(loc)
        return self.kv, loc
