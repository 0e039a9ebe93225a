"""Pluggable decode hooks selected by predicates over the active KV pool.

Hooks are tried in registration order; the catch-all full-attention hook is
registered last.  The allocator is only consulted for capacity reporting.
"""

import logging
from dataclasses import dataclass, field
from typing import Callable, List

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class PoolHook:
    name: str
    matches: Callable[[KVCache], bool]
    map_locations: Callable[[KVCache, torch.Tensor], torch.Tensor]
    tags: List[str] = field(default_factory=list)


_HOOKS: List[PoolHook] = []


def add_hook(hook: PoolHook) -> PoolHook:
    _HOOKS.append(hook)
    return hook


add_hook(
    PoolHook(
        "swa",
        matches=lambda pool: isinstance(pool, BaseSWAKVPool),
        map_locations=lambda pool, loc: pool.translate_loc_from_full_to_swa(loc),
        tags=["sliding_window"],
    )
)
add_hook(PoolHook("full", matches=lambda pool: True, map_locations=lambda pool, loc: loc))


class GeneratedAttnBackend:
    def __init__(self, model_runner, report_capacity: bool = True):
        self.kv_pool = model_runner.token_to_kv_pool
        self.hook = next(h for h in _HOOKS if h.matches(self.kv_pool))
        if report_capacity:
            allocator = model_runner.token_to_kv_pool_allocator
            logger.info(
                "hook=%s tags=%s available_tokens=%d",
                self.hook.name,
                ",".join(self.hook.tags) or "-",
                allocator.available_size(),
            )

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.hook.map_locations(self.kv_pool, loc)
