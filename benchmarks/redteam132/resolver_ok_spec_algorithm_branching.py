"""Decode backend resolving the sliding-window pool per speculative mode.

Frozen-KV MTP drafts read the target's KV cache directly, so they resolve the
hybrid pool via the shared allocator. Other drafts (EAGLE, standalone) own a
full-attention pool and never take the SWA path.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.spec_algorithm: SpeculativeAlgorithm = model_runner.spec_algorithm
        self.is_draft_worker = model_runner.is_draft_worker
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.get_swa_pool(model_runner)
        logger.info(
            "spec=%s draft=%s swa=%s",
            self.spec_algorithm,
            self.is_draft_worker,
            self.swa_pool is not None,
        )

    def get_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        reads_target_kv = self.spec_algorithm.is_frozen_kv_mtp()
        if self.is_draft_worker and not reads_target_kv:
            if self.spec_algorithm.is_eagle():
                logger.debug("EAGLE draft keeps its own full-attention pool")
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
