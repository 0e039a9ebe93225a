"""XPU decode backend that lazily works out, via cached properties, who translates KV indices."""

import functools


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def _index_owner(self):
        return self._runner.token_to_kv_pool_allocator

    @functools.cached_property
    def windowed(self) -> bool:
        probe = getattr(self._index_owner, "translate_loc_from_full_to_swa", None)
        return callable(probe)

    def forward_decode(self, loc):
        if self.windowed:
            loc = self._index_owner.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
