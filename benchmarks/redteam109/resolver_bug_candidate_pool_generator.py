"""Hybrid SWA decode backend that resolves its window pool from candidates.

Several places can hold the hybrid pool depending on how the worker was built
(the allocator's backing cache for the shared-allocator layout, the runner's own
pool otherwise).  ``_iter_candidate_pools`` yields them in priority order and the
resolver adopts the first one that is an ``SWAKVPool``.
"""

from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _iter_candidate_pools(model_runner) -> Iterator[KVCache]:
    allocator = model_runner.token_to_kv_pool_allocator
    if allocator is not None:
        yield allocator.get_kvcache()
    yield model_runner.token_to_kv_pool


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
