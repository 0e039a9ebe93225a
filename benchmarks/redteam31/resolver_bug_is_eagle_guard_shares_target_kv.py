"""Multi-step draft-capable decode backend resolving its SWA pool per speculative algorithm."""

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class StepMetadata:
    step: int
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    spec = model_runner.spec_algorithm
    # EAGLE-family drafts (EAGLE, EAGLE3, FROZEN_KV MTP) step over the target's cache.
    if model_runner.is_draft_worker and not spec.is_eagle():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_steps: int = 3):
        self.device = model_runner.device
        self.num_steps = num_steps
        self.pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.steps: List[StepMetadata] = [StepMetadata(i) for i in range(num_steps)]

    def init_forward_metadata(self, forward_batch):
        locs = forward_batch.out_cache_loc.view(self.num_steps, -1)
        for i, meta in enumerate(self.steps):
            meta.out_cache_loc = locs[i]
            if self.swa_kv_pool is not None:
                meta.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(locs[i])

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
