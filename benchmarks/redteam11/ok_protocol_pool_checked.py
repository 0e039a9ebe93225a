"""Backend that checks the SWA protocol structurally, on the pool it reads."""

from typing import Protocol, runtime_checkable


@runtime_checkable
class SupportsSwaTranslation(Protocol):
    def translate_loc_from_full_to_swa(self, loc): ...


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_is_swa = isinstance(self.allocator, SupportsSwaTranslation)
        self.pool_is_swa = isinstance(self.token_to_kv_pool, SupportsSwaTranslation)

    def forward_decode(self, loc):
        if self.pool_is_swa:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
