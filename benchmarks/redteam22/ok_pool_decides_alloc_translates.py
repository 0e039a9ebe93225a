"""Backend that gates SWA decode on its pool type and reuses the allocator's shared index table."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def _swa_indices(self, loc):
        # The hybrid pool registers the allocator's mapping, so either side translates alike.
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self._swa_indices(loc)
        return self.token_to_kv_pool, loc
