"""Decode backend that resolves KV handles with ``operator`` helpers.

The pool and its full->SWA translation are accessed through ``attrgetter`` /
``methodcaller`` objects shared with the extend backend.
"""

from __future__ import annotations

import operator
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_active_pool = operator.attrgetter("token_to_kv_pool")
_free_slots = operator.methodcaller("available_size")


def _window_translate(loc: torch.Tensor) -> operator.methodcaller:
    return operator.methodcaller("translate_loc_from_full_to_swa", loc)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend sharing accessors with the extend path."""

    def __init__(self, model_runner, stats_every: int = 0):
        super().__init__()
        self.stats_every = stats_every
        self.kv_pool: KVCache = _active_pool(model_runner)
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._steps = 0

    def _maybe_report(self) -> None:
        self._steps += 1
        if self.stats_every and self._steps % self.stats_every == 0:
            print(f"[decode] step={self._steps} free={_free_slots(self._allocator)}")

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._maybe_report()
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, _window_translate(loc)(self.swa_pool)
