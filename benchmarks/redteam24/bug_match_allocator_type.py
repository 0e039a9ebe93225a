"""Attention backend that selects a location transform by matching on the KV cache type."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _identity(loc):
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        match model_runner.token_to_kv_pool_allocator:
            case SWAKVPool() as swa:
                self._transform = swa.translate_loc_from_full_to_swa
            case SWATokenToKVPoolAllocator() as alloc:
                self._transform = alloc.translate_loc_from_full_to_swa
            case _:
                self._transform = _identity

    def forward_decode(self, loc):
        return self.pool, self._transform(loc)
