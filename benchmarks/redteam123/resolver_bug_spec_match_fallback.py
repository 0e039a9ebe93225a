"""Hybrid window pool lookup keyed on the speculative algorithm.

Draft workers of MTP-style algorithms keep no KV of their own and read the
target's hybrid cache; other workers use whatever pool they were given.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def get_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    match (model_runner.is_draft_worker, model_runner.spec_algorithm):
        case (True, SpeculativeAlgorithm.NGRAM):
            return None
        case (True, algo) if algo.is_frozen_kv_mtp() or algo.is_eagle():
            return shared if isinstance(shared, SWAKVPool) else None
        case _:
            return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = get_swa_kv_pool(model_runner)
        self.is_swa = self.swa_kv_pool is not None or isinstance(self.token_to_kv_pool, SWAKVPool)
        logger.debug("swa=%s topk=%d", self.is_swa, topk)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
