"""Attention backend that folds resolution steps with functools.reduce to find its SWA pool."""

import functools

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_UNSET = object()


def _step_own(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else _UNSET


def _step_draft(runner):
    frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
    return _UNSET if runner.is_draft_worker and not frozen else None


def _step_shared(runner):
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


def resolve_swa_kv_pool(runner):
    return functools.reduce(
        lambda acc, step: acc if acc is not _UNSET else step(runner),
        (_step_own, _step_draft, _step_shared),
        _UNSET,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
