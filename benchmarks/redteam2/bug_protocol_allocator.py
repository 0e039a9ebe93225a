from typing import Protocol, runtime_checkable


@runtime_checkable
class SupportsSWATranslation(Protocol):
    def translate_loc_from_full_to_swa(self, kv_indices): ...


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        if isinstance(self.allocator, SupportsSWATranslation):
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
