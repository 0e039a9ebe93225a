import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve(runner, *, allow_allocator):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if not allow_allocator:
        return None
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


# the target backends use the allocator fallback; drafts override via build_for_draft
_resolve_target = functools.partial(_resolve, allow_allocator=True)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = _resolve_target(model_runner)

    @classmethod
    def build_for_draft(cls, model_runner):
        self = cls.__new__(cls)
        self.pool = model_runner.token_to_kv_pool
        self.swa = _resolve(model_runner, allow_allocator=False)
        return self

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
