"""Attention backend that re-decides the sliding-window path on every decode step."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    @property
    def pool(self):
        return self.model_runner.token_to_kv_pool

    def _uses_sliding_window(self):
        return isinstance(self.model_runner.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.pool
        if not self._uses_sliding_window():
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
