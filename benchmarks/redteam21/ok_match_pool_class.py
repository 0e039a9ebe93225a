"""Backend that uses structural pattern matching on the KV pool to choose between window and full reads."""

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.max_free = model_runner.token_to_kv_pool_allocator.available_size()
        match model_runner.token_to_kv_pool:
            case SWAKVPool() as swa:
                self._read = lambda loc: (swa, swa.translate_loc_from_full_to_swa(loc))
            case MHATokenToKVPool() as full:
                self._read = lambda loc: (full, loc)
            case other:
                self._read = lambda loc: (other, loc)

    def forward_decode(self, loc):
        return self._read(loc)
