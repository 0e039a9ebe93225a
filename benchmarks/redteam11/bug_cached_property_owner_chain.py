"""Backend that finds its SWA KV through a chain of cached helpers."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _memory_owner(runner):
    state = vars(runner)
    return state.get("token_to_kv_pool_allocator", state.get("token_to_kv_pool"))


def _backing_cache(owner):
    getter = getattr(owner, "get_kvcache", None)
    return getter() if getter is not None else owner


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner

    @functools.cached_property
    def _kv_owner(self):
        return _memory_owner(self._runner)

    @functools.cached_property
    def kv_cache(self):
        return _backing_cache(self._kv_owner)

    def forward_decode(self, loc):
        cache = self.kv_cache
        if isinstance(cache, SWAKVPool):
            return cache, cache.translate_loc_from_full_to_swa(loc)
        return cache, loc
