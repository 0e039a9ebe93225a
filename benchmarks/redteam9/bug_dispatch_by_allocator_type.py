def _window(alloc):
    return alloc.translate_loc_from_full_to_swa


def _identity(alloc):
    return lambda loc: loc


_TRANSLATORS = {
    "SWATokenToKVPoolAllocator": _window,
    "TokenToKVPoolAllocator": _identity,
    "PagedTokenToKVPoolAllocator": _identity,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.translate = _TRANSLATORS.get(type(alloc).__name__, _identity)(alloc)

    def forward_decode(self, loc):
        return self.pool, self.translate(loc)
