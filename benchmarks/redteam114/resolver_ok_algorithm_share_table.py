"""Per-algorithm table describing whether a draft runner reads the target's KV.

Keeping the policy in one table makes it explicit when new speculative
algorithms are added.
"""

from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

DRAFT_READS_TARGET_KV: Dict[SpeculativeAlgorithm, bool] = {
    SpeculativeAlgorithm.EAGLE: False,
    SpeculativeAlgorithm.EAGLE3: False,
    SpeculativeAlgorithm.STANDALONE: False,
    SpeculativeAlgorithm.FROZEN_KV_MTP: True,
}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker:
        if not DRAFT_READS_TARGET_KV.get(model_runner.spec_algorithm, False):
            return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_splits: int = 4):
        self.num_splits = num_splits
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
