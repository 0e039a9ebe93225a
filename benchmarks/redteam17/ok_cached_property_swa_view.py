"""Backend caching its SWA view of the runner's own pool in a functools.cached_property."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def swa_view(self):
        kv_pool = self.model_runner.token_to_kv_pool
        if isinstance(kv_pool, SWAKVPool):
            return kv_pool
        return None

    def forward_decode(self, loc):
        view = self.swa_view
        if view is None:
            return self.token_to_kv_pool, loc
        return view, view.translate_loc_from_full_to_swa(loc)
