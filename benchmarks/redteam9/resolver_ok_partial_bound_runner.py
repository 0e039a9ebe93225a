import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _resolve(runner, *, allow_allocator):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if not allow_allocator:
        return None
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


def _allow_allocator(runner):
    if not runner.is_draft_worker:
        return True
    probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(probe and probe())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        resolve = functools.partial(_resolve, allow_allocator=_allow_allocator(model_runner))
        self.swa = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
