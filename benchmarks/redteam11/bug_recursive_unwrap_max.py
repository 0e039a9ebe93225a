"""Backend that unwraps nested KV caches recursively to the innermost pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _unwrap(obj, depth=0):
    inner = getattr(obj, "get_kvcache", None)
    if inner is None or depth > 4:
        return obj
    return _unwrap(inner(), depth + 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        candidates = (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        root = max(candidates, key=lambda c: hasattr(c, "get_kvcache"))
        self.kv_pool = _unwrap(root)

    def forward_decode(self, loc):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
