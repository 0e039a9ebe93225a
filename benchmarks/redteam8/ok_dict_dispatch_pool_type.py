from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MODE_BY_POOL = {SWAKVPool: "swa"}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.state = {"pool": model_runner.token_to_kv_pool}
        self.state["mode"] = _MODE_BY_POOL.get(type(self.state["pool"]), "full")
        # the allocator is shared with the draft; keep it only for bookkeeping
        self.state["allocator"] = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        pool = self.state["pool"]
        if self.state["mode"] == "swa":
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
