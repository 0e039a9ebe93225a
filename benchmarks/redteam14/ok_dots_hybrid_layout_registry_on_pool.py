"""Dots-style hybrid dispatcher that looks up the KV layout in a registry keyed by its own pool class."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_KV_LAYOUTS = {
    SWAKVPool: "swa",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.layout = _KV_LAYOUTS.get(type(self.token_to_kv_pool), "dense")
        # The shared allocator tells us whether SWA frees must be grouped.
        self.group_swa_frees = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )

    def _is_swa_layout(self) -> bool:
        return self.layout == "swa"

    def forward_decode(self, loc):
        if self._is_swa_layout():
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
