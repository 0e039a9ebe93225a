from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _sliding_window_enabled(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    # drafts share the target's allocator, so they follow the target's layout
    return isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sliding_window = _sliding_window_enabled(model_runner)

    def forward_decode(self, loc):
        if self.sliding_window:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
