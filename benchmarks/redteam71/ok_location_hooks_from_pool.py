"""Plugin-style location transforms applied before the decode kernel.

Hooks are collected once at construction. The sliding-window hook is added only when the pool
this backend reads is a hybrid SWA pool; the allocator is consulted for capacity logging.
"""

from __future__ import annotations

import logging
from typing import Callable, List, Sequence

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocHook = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, extra_hooks: Sequence[LocHook] = ()):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._loc_hooks: List[LocHook] = list(extra_hooks)
        allocator = model_runner.token_to_kv_pool_allocator
        swa_pool = self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        if swa_pool is not None:
            self._loc_hooks.append(swa_pool.translate_loc_from_full_to_swa)
        logger.info(
            "decode hooks=%d, allocator %s has %d free slots",
            len(self._loc_hooks),
            type(allocator).__name__,
            allocator.available_size(),
        )

    def register_hook(self, hook: LocHook) -> None:
        self._loc_hooks.insert(0, hook)

    def forward_decode(self, loc: torch.Tensor):
        for hook in self._loc_hooks:
            loc = hook(loc)
        return self.token_to_kv_pool, loc
