import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def sliding_window_aware(cls):
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, model_runner, *args, **kwargs):
        init(self, model_runner, *args, **kwargs)
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)

    cls.__init__ = __init__
    return cls


@sliding_window_aware
class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
