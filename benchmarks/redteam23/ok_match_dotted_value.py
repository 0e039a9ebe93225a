"""Backend selecting its KV slot translation with a match on the KV pool type."""

from sglang.srt.mem_cache import swa_memory_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        match type(self.pool):
            case swa_memory_pool.SWAKVPool:
                self.map_loc = self.pool.translate_loc_from_full_to_swa
            case _:
                self.map_loc = None

    def forward_decode(self, loc):
        if self.map_loc:
            loc = self.map_loc(loc)
        return self.pool, loc
