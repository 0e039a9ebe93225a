"""Backend whose window decision is a guard-clause helper over the runner's worker role and allocator type."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _uses_window(model_runner) -> bool:
    if model_runner.is_draft_worker:
        return False
    if model_runner.page_size <= 0:
        return False
    return isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.use_window = _uses_window(model_runner)

    def forward_decode(self, loc):
        if not self.use_window:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
