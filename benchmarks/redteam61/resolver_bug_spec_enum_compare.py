"""Decode backend for hybrid SWA targets and their speculative drafts.

The speculative algorithm decides whether a draft runner reads the target's
hybrid KV cache or a private full-attention pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Algorithms whose draft model allocates a separate KV pool.
_PRIVATE_POOL_ALGOS = (SpeculativeAlgorithm.EAGLE3, SpeculativeAlgorithm.STANDALONE)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    algo = model_runner.spec_algorithm
    if getattr(model_runner, "is_draft_worker", False) and algo in _PRIVATE_POOL_ALGOS:
        logger.debug("%s draft uses a private pool", algo.name)
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_context_len = 8192
        self.cuda_graph_page_table = torch.zeros((16, 64), dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        locs = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.cuda_graph_page_table[0, : locs.numel()] = locs.to(torch.int32)
        return self.swa_pool, locs
