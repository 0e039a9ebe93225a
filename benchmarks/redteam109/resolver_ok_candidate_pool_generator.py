"""Hybrid SWA decode backend that resolves its window pool from candidates.

``_iter_candidate_pools`` yields the places that may hold the hybrid pool in
priority order: the runner's active pool first, then -- for workers that share
the target's KV (the target itself, frozen-KV MTP drafts) -- the allocator's
backing cache.  The resolver adopts the first ``SWAKVPool`` it sees.
"""

from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _shares_target_kv(model_runner) -> bool:
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def _iter_candidate_pools(model_runner) -> Iterator[KVCache]:
    yield model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    if allocator is not None and _shares_target_kv(model_runner):
        yield allocator.get_kvcache()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for candidate in _iter_candidate_pools(model_runner):
        if isinstance(candidate, SWAKVPool):
            return candidate
    return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = -1):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.sliding_window_size = sliding_window_size

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
