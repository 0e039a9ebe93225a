import contextlib

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SkipSharedPool(Exception):
    pass


@contextlib.contextmanager
def _unless_plain_draft(mr):
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        raise _SkipSharedPool
    yield


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        mr = model_runner
        self.pool = mr.token_to_kv_pool
        self._swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        if self._swa_pool is None:
            with contextlib.suppress(_SkipSharedPool), _unless_plain_draft(mr):
                kv = mr.token_to_kv_pool_allocator.get_kvcache()
                self._swa_pool = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_pool is not None:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
