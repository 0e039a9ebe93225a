"""Attention backend that walks an ordered rule table to pick the SWA pool it reads."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_STOP = object()


def _own_pool(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _regular_draft(runner):
    if not runner.is_draft_worker:
        return None
    try:
        frozen = runner.spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        frozen = False
    return None if frozen else _STOP


def _shared_pool(runner):
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else _STOP


_RULES = (
    ("own", _own_pool),
    ("shared", _shared_pool),
    ("regular-draft", _regular_draft),
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        for _name, rule in _RULES:
            outcome = rule(model_runner)
            if outcome is _STOP:
                break
            if outcome is not None:
                self.swa_pool = outcome
                break

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
