"""Attention backend that resolves its SWA pool with a small string-state machine."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen_kv(runner):
    probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(probe and probe())


def _resolve_swa_kv_pool(runner):
    state, result = "own", None
    while state != "done":
        if state == "own":
            pool = runner.token_to_kv_pool
            if isinstance(pool, SWAKVPool):
                result, state = pool, "done"
            else:
                state = "shared"
        elif state == "draft":
            state = "done" if runner.is_draft_worker and not _frozen_kv(runner) else "shared"
        elif state == "shared":
            kv = runner.token_to_kv_pool_allocator.get_kvcache()
            result = kv if isinstance(kv, SWAKVPool) else None
            state = "done"
    return result


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
