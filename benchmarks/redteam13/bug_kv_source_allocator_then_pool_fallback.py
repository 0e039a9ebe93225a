"""Backend that takes the allocator's kvcache and falls back to the runner's pool only when the allocator has none."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv_source(model_runner):
    allocator = getattr(model_runner, "token_to_kv_pool_allocator", None)
    pool = allocator.get_kvcache() if allocator is not None else None
    if pool is None:
        # Some test runners have no allocator.
        pool = model_runner.token_to_kv_pool
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = _kv_source(model_runner)
        self.use_swa = isinstance(self.kv, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_swa:
            return self.kv, self.kv.translate_loc_from_full_to_swa(loc)
        return self.kv, loc
