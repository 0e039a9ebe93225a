from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.metrics = {
            "allocator": type(alloc).__name__,
            "swa_slots": getattr(alloc, "size_swa", None),
            "page_size": alloc.page_size,
        }
        self.sliding = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        self.metrics["last_batch"] = int(loc.numel())
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
