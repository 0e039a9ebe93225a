"""Sliding-window pool lookup with a configurable source.

``get_swa_pool`` reads the runner's pool by default; the allocator view is
kept for frozen-KV MTP drafts, which read the target's cache directly.
"""

from __future__ import annotations

from typing import Literal, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

PoolSource = Literal["allocator", "pool"]


def get_swa_pool(model_runner, source: PoolSource = "pool") -> Optional[SWAKVPool]:
    if source == "allocator":
        candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
    elif source == "pool":
        candidate = model_runner.token_to_kv_pool
    else:
        raise ValueError(f"unknown pool source: {source!r}")
    return candidate if isinstance(candidate, SWAKVPool) else None


def _pool_source_for(model_runner) -> PoolSource:
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return "allocator"
    return "pool"


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_context_len: int = 4096):
        self.max_context_len = max_context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = get_swa_pool(model_runner, source=_pool_source_for(model_runner))

    def _read_target(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def forward_decode(self, loc: torch.Tensor):
        pool, locations = self._read_target(loc)
        return pool, locations
