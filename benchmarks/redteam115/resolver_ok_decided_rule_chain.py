"""SWA pool resolution as an ordered chain of rules.

Each rule returns ``(decided, pool)``; the first rule that decides wins. This
keeps the speculative-decoding special cases declarative.
"""

from typing import Callable, Iterable, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Rule = Callable[[object], Tuple[bool, Optional[SWAKVPool]]]


def _as_swa(obj) -> Optional[SWAKVPool]:
    return obj if isinstance(obj, SWAKVPool) else None


def rule_active_pool(mr):
    return (pool := _as_swa(mr.token_to_kv_pool)) is not None, pool


def rule_regular_draft(mr):
    return mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp(), None


def rule_allocator_cache(mr):
    return True, _as_swa(mr.token_to_kv_pool_allocator.get_kvcache())


DEFAULT_RULES: Tuple[Rule, ...] = (rule_active_pool, rule_regular_draft, rule_allocator_cache)


def resolve_swa_pool(mr, rules: Iterable[Rule] = DEFAULT_RULES) -> Optional[SWAKVPool]:
    return next((pool for decided, pool in map(lambda r: r(mr), rules) if decided), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner, rules: Iterable[Rule] = DEFAULT_RULES):
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.swa = resolve_swa_pool(model_runner, rules)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa
        return (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.pool, loc)
