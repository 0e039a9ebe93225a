from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_draft(runner):
    return bool(runner.is_draft_worker)


def _is_frozen(runner):
    fn = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(fn()) if fn else False


_SKIP_ALLOCATOR = (_is_draft, _is_frozen)


def resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if all(pred(runner) for pred in _SKIP_ALLOCATOR):
        return None
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
