from typing import Callable, NamedTuple

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Facts(NamedTuple):
    active: object
    draft: bool
    frozen: bool
    fallback: Callable


def _facts(runner):
    return _Facts(
        active=runner.token_to_kv_pool,
        draft=bool(runner.is_draft_worker),
        frozen=bool(runner.spec_algorithm.is_frozen_kv_mtp()),
        fallback=runner.token_to_kv_pool_allocator.get_kvcache,
    )


def resolve(facts):
    if isinstance(facts.active, SWAKVPool):
        return facts.active
    kv = facts.fallback() if not facts.draft or not facts.frozen else None
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        facts = _facts(model_runner)
        self.pool = facts.active
        self.swa = resolve(facts)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
