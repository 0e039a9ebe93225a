"""Decode backend whose NamedTuple binding calls itself hybrid when the allocator is SWA-named and has any kvcache at all."""

from typing import NamedTuple


class _KVBinding(NamedTuple):
    pool: object
    allocator: object

    @property
    def hybrid(self):
        return (
            type(self.allocator).__name__.startswith("SWA")
            and self.allocator.get_kvcache() is not None
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.binding = _KVBinding(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self._hybrid = self.binding.hybrid

    def forward_decode(self, loc):
        pool = self.binding.pool
        if self._hybrid:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
