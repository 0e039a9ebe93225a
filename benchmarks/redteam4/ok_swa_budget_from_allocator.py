from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _decode_budget(alloc) -> int:
    swa_free = getattr(alloc, "swa_available_size", None)
    full = alloc.available_size()
    return min(full, swa_free()) if callable(swa_free) else full


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.budget = _decode_budget(model_runner.token_to_kv_pool_allocator)
        self.sliding = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc):
        if loc.numel() > self.budget:
            raise RuntimeError("decode batch exceeds the KV budget")
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
