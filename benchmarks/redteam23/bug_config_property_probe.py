"""Backend configured by a small view of the runner's KV state."""

from dataclasses import dataclass


@dataclass(frozen=True)
class _KVView:
    pool: object
    allocator: object

    @property
    def sliding(self) -> bool:
        return hasattr(self.allocator, "translate_loc_from_full_to_swa")

    @property
    def capacity(self) -> int:
        return self.allocator.size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.view = _KVView(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        pool = self.view.pool
        if self.view.sliding:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
