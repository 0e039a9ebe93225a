from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """The hybrid SWA pool behind this runner, if any."""
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        self.kv_pool = self.swa_kv_pool or model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
