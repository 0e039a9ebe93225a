import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _KVLayout:
    def __init__(self, runner):
        self._runner = runner

    @functools.cached_property
    def page_size(self) -> int:
        return self._runner.token_to_kv_pool_allocator.page_size

    @functools.cached_property
    def sliding(self) -> bool:
        return isinstance(self._runner.token_to_kv_pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = _KVLayout(model_runner)

    def forward_decode(self, loc):
        if self.layout.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
