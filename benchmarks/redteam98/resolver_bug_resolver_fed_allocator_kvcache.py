"""Two-batch-overlap wrapper with a pool resolver shared by its micro-batch children.

``pick_swa_pool`` takes the active KV cache and the runner and returns the pool that should
serve sliding-window reads, or ``None`` for a dense layout.  The wrapper resolves once and
passes the result to every child.
"""

from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def pick_swa_pool(active: KVCache, model_runner) -> Optional[SWAKVPool]:
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class _MicroBatchChild:
    def __init__(self, dense_pool: KVCache, swa_pool: Optional[SWAKVPool]):
        self.dense_pool = dense_pool
        self.swa_pool = swa_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.dense_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_micro_batches: int = 2):
        super().__init__()
        active = model_runner.token_to_kv_pool_allocator.get_kvcache()
        swa_pool = pick_swa_pool(active, model_runner)
        self.children: List[_MicroBatchChild] = [
            _MicroBatchChild(model_runner.token_to_kv_pool, swa_pool)
            for _ in range(num_micro_batches)
        ]

    def forward_decode(self, loc: torch.Tensor):
        parts = torch.tensor_split(loc, len(self.children))
        results = [c.forward_decode(p) for c, p in zip(self.children, parts)]
        return results[0][0], torch.cat([r[1] for r in results])
