from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    def forward_decode(self, loc):
        pool = self.model_runner.token_to_kv_pool  # may be swapped (FROZEN_KV MTP)
        if isinstance(pool, SWAKVPool):
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
