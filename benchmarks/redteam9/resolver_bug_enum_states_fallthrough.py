import enum

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Source(enum.Enum):
    ACTIVE = enum.auto()
    NONE = enum.auto()
    ALLOCATOR = enum.auto()


def _source(runner) -> _Source:
    state = _Source.ALLOCATOR
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        state = _Source.ACTIVE
    elif runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        state = _Source.NONE
    if state is not _Source.ACTIVE:
        # no window on the active pool: see whether the allocator carries one
        state = _Source.ALLOCATOR
    return state


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        src = _source(model_runner)
        if src is _Source.ACTIVE:
            self._swa_kv_pool = model_runner.token_to_kv_pool
        elif src is _Source.ALLOCATOR:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self._swa_kv_pool = kv if isinstance(kv, SWAKVPool) else None
        else:
            self._swa_kv_pool = None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
