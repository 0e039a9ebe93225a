"""Dots-style hybrid dispatcher that looks up the KV layout in a registry keyed by the allocator class."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

_KV_LAYOUTS = {
    SWATokenToKVPoolAllocator: "swa",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.layout = _KV_LAYOUTS.get(type(model_runner.token_to_kv_pool_allocator), "dense")

    def _is_swa_layout(self) -> bool:
        return self.layout == "swa"

    def forward_decode(self, loc):
        if self._is_swa_layout():
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
