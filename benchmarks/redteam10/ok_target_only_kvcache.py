"""Backend taking the SWA pool from the allocator on the target worker only."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if not model_runner.is_draft_worker:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                self.swa_pool = kv

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
