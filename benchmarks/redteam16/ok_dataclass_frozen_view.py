"""Decode backend holding a frozen slotted dataclass view whose __post_init__ derives `windowed` from the pool it wraps."""

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class _KVView:
    pool: object
    allocator: object
    windowed: bool = field(init=False)

    def __post_init__(self):
        object.__setattr__(self, "windowed", hasattr(self.pool, "swa_kv_pool"))

    def release(self, indices):
        # frees go to the allocator that handed the indices out (shared with the target)
        self.allocator.free(indices)

    def locations(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc) if self.windowed else loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.view = _KVView(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        return self.view.pool, self.view.locations(loc)
