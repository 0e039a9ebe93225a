"""Takes the allocator's kvcache as the pool whenever the allocator has size_swa, then decides SWA by isinstance on that pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _attention_pool(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    if hasattr(allocator, "size_swa"):
        # Hybrid allocators own the composite pool; go to the source.
        return allocator.get_kvcache()
    return model_runner.token_to_kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = _attention_pool(model_runner)
        self.is_swa = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
