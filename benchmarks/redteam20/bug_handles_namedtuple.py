"""Backend that bundles the runner's KV handles in a NamedTuple and probes the pool handle for window translation."""

from typing import Any, NamedTuple


class _KVHandles(NamedTuple):
    allocator: Any
    pool: Any
    page_size: int

    @classmethod
    def of(cls, model_runner) -> "_KVHandles":
        return cls(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.page_size,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.handles = _KVHandles.of(model_runner)
        self.windowed = hasattr(self.handles.pool, "translate_loc_from_full_to_swa")

    def forward_decode(self, loc):
        pool = self.handles.pool
        if self.windowed:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
