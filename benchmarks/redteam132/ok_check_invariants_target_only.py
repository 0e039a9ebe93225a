"""Decode backend with a target-side invariant check.

On target workers the allocator's registered cache must be the very pool the
runner reads; draft workers may legitimately own a separate pool while sharing
the allocator, so the identity check is skipped for them.
"""

from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class KVLayoutInvariantError(AssertionError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner, check: bool = True):
        self.is_draft_worker = model_runner.is_draft_worker
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        if check:
            self.check_invariants()

    def check_invariants(self) -> None:
        if self.is_draft_worker:
            return
        registered = self.token_to_kv_pool_allocator.get_kvcache()
        if registered is not self.token_to_kv_pool:
            raise KVLayoutInvariantError(
                f"allocator cache {type(registered).__name__} is not the runner pool "
                f"{type(self.token_to_kv_pool).__name__}"
            )
        if self.use_swa and self.token_to_kv_pool.full_to_swa_index_mapping is None:
            raise KVLayoutInvariantError("SWA pool has no full->swa mapping")

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.use_swa:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
