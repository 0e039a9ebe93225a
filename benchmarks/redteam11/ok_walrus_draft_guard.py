"""Backend resolving its SWA pool with assignment expressions and a draft guard."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool):
            self.swa_pool = pool
        elif not (is_draft := model_runner.is_draft_worker) and isinstance(
            alloc := model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        ):
            self.swa_pool = alloc.get_kvcache()
        self.is_draft = locals().get("is_draft", model_runner.is_draft_worker)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
