import contextlib

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.steps = 0

    @contextlib.contextmanager
    def _step(self):
        self.steps += 1
        free_before = self.model_runner.token_to_kv_pool_allocator.available_size()
        try:
            yield self.model_runner.token_to_kv_pool
        finally:
            self.last_free = free_before

    def forward_decode(self, loc):
        with self._step() as pool:
            if isinstance(pool, BaseSWAKVPool):
                loc = pool.translate_loc_from_full_to_swa(loc)
            return pool, loc
