"""Backend exposing its pool, the allocator and its SWA mode as properties, the mode read off the allocator's kvcache."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner

    @property
    def kv_pool(self):
        return self._runner.token_to_kv_pool

    @property
    def allocator(self):
        return self._runner.token_to_kv_pool_allocator

    @property
    def is_swa(self) -> bool:
        return isinstance(self.allocator.get_kvcache(), SWAKVPool)

    def free_slots(self, loc):
        self.allocator.free(loc)

    def forward_decode(self, loc):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
