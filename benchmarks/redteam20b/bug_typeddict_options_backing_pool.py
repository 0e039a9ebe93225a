"""Decode backend whose options are a TypedDict filled in by a factory from the runner's KV objects."""

from typing import TypedDict

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class BackendOptions(TypedDict):
    kv_pool: object
    sliding: bool
    page_size: int


def options_from_runner(runner) -> BackendOptions:
    kv_pool = runner.token_to_kv_pool
    backing = runner.token_to_kv_pool_allocator.get_kvcache()
    return BackendOptions(
        kv_pool=kv_pool,
        sliding=isinstance(backing, SWAKVPool),
        page_size=runner.page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.options = options_from_runner(model_runner)

    def forward_decode(self, loc):
        pool = self.options["kv_pool"]
        if self.options["sliding"]:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
