"""Sliding-window decode path shared by the target and speculative workers."""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

_TARGET_KV_DRAFT_ALGOS = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})


def resolve_hybrid_swa_pool(model_runner) -> Optional[SWAKVPool]:
    current = model_runner.token_to_kv_pool
    if isinstance(current, SWAKVPool):
        return current
    algo = model_runner.spec_algorithm
    if model_runner.is_draft_worker and algo not in _TARGET_KV_DRAFT_ALGOS:
        logger.debug("draft worker (%s) keeps its own KV pool", algo)
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_hybrid_swa_pool(model_runner)

    def init_forward_metadata(self, forward_batch):
        pass

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
