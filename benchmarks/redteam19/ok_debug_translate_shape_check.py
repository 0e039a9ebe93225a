"""Debug-asserts the shape of the allocator's translated locations on every step, but reads and translates only through its own pool when it is an SWAKVPool."""

import os

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_DEBUG_KV_INDICES = os.environ.get("SGLANG_DEBUG_KV_INDICES", "1") == "1"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _check_indices(self, loc):
        translate = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
        if translate is not None:
            mapped = translate(loc)
            assert mapped.shape == loc.shape, (mapped.shape, loc.shape)

    def forward_decode(self, loc):
        if _DEBUG_KV_INDICES:
            self._check_indices(loc)
        if self.swa_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
