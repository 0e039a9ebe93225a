"""Backend scanning the allocator class's MRO names for an SWA allocator to pick its layout."""

_HYBRID_ALLOCATOR_NAMES = frozenset({"SWATokenToKVPoolAllocator"})


def _is_hybrid_allocator(allocator) -> bool:
    for klass in type(allocator).__mro__:
        if klass.__name__ in _HYBRID_ALLOCATOR_NAMES:
            return True
    return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layout = (
            "hybrid" if _is_hybrid_allocator(model_runner.token_to_kv_pool_allocator) else "full"
        )

    def forward_decode(self, loc):
        if self.layout == "hybrid":
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
