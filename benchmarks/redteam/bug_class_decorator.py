import functools

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def sliding_window_aware(cls):
    """Adds ``use_swa`` to a backend class after its own ``__init__``."""
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, model_runner, *args, **kwargs):
        init(self, model_runner, *args, **kwargs)
        alloc = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(alloc, SWATokenToKVPoolAllocator)

    cls.__init__ = __init__
    return cls


@sliding_window_aware
class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
