"""Hybrid-SWA pool resolution for the decode path, written with ``any``/``all``.

The runner reads the allocator's KV cache only when it is not a draft with
its own private KV (frozen-KV MTP drafts share the target's cache).
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolver:
    def __init__(self, model_runner):
        self.model_runner = model_runner

    def reads_shared_kv(self) -> bool:
        mr = self.model_runner
        return not all((mr.is_draft_worker, not mr.spec_algorithm.is_frozen_kv_mtp()))

    def __call__(self) -> Optional[SWAKVPool]:
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        shared = mr.token_to_kv_pool_allocator.get_kvcache() if self.reads_shared_kv() else None
        return shared if any(isinstance(shared, t) for t in (SWAKVPool,)) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = SWAPoolResolver(model_runner)()

    def forward_decode(self, loc: torch.Tensor):
        return (
            (self.pool, loc)
            if self.swa_pool is None
            else (self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc))
        )
