"""Sliding-window KV pool resolution written as a ``match`` statement.

Cases are ordered: a hybrid active pool wins; speculative runners that share
the target's cache are routed to the allocator's cache; everything else is
dense.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    spec = model_runner.spec_algorithm
    match (model_runner.token_to_kv_pool, model_runner.is_draft_worker):
        case (SWAKVPool() as pool, _):
            return pool
        case (_, True) if spec.is_frozen_kv_mtp():
            return None
        case _:
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid SWA models."""

    def __init__(self, model_runner, use_window: bool = True):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner) if use_window else None

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        match self.swa_pool:
            case None:
                return self.kv_pool, loc
            case pool:
                return pool, self._translate(loc)
