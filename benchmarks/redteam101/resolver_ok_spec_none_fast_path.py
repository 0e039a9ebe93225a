"""KV pool resolution with a fast path for non-speculative runners.

Non-speculative runners only ever look at their own pool. Speculative runners
go through the full resolution, where a draft with its own cache stays on it.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    spec = model_runner.spec_algorithm
    if spec.is_none():
        return pool if isinstance(pool, SWAKVPool) else None
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp():
        logger.debug("draft worker keeps its own full-attention pool")
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 1):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.draft_seq_lens = torch.zeros(speculative_num_steps, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        self.draft_seq_lens[step] += loc.numel()
        return self.forward_decode(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)
