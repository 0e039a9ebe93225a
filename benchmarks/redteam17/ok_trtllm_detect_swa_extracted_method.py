"""TRTLLM-style backend whose SWA detection is an extracted method with guard clauses over its own pool."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Page size comes from the allocator: it is shared with the target and
        # the page-table width must match what it hands out.
        self.page_size = getattr(model_runner.token_to_kv_pool_allocator, "page_size", 1)
        self._swa_kv_pool: Optional[SWAKVPool] = self._detect_sliding_window_pool()

    def _detect_sliding_window_pool(self) -> Optional[SWAKVPool]:
        pool = self.token_to_kv_pool
        if pool is None:
            return None
        if not isinstance(pool, SWAKVPool):
            return None
        if pool.swa_layer_nums == 0:
            return None
        return pool

    def forward_decode(self, loc):
        if self._swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
