"""Backend that checks whether the allocator can map full KV slots to window slots and uses it."""

import inspect


def _can_translate(obj) -> bool:
    return any(
        name == "translate_loc_from_full_to_swa"
        for name, _ in inspect.getmembers(type(obj), inspect.isfunction)
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self._translate = alloc.translate_loc_from_full_to_swa if _can_translate(alloc) else None

    def forward_decode(self, loc):
        if self._translate is not None:
            loc = self._translate(loc)
        return self.pool, loc
