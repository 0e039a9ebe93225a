from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _use_window(alloc) -> bool:
    if not isinstance(alloc, SWATokenToKVPoolAllocator):
        return False
    if getattr(alloc, "is_draft_worker", False):
        return False
    return True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_window = _use_window(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.use_window:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
