"""Attention backend whose SWA pool comes from a generator of candidate pools."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen_kv_mtp(runner):
    try:
        return runner.spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        return False


def _candidates(runner):
    yield runner.token_to_kv_pool
    if runner.is_draft_worker and not _frozen_kv_mtp(runner):
        return
    yield runner.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = next(
            (p for p in _candidates(model_runner) if isinstance(p, SWAKVPool)), None
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
