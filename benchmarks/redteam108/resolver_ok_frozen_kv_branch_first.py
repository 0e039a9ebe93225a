"""SWA pool selection shared by our FA3 / TRT-LLM forks.

Restructured so the FROZEN_KV MTP case (draft reading target KV) is its own
branch; everything else uses the pool the runner owns.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def select_swa_pool(model_runner) -> Optional[SWAKVPool]:
    spec: SpeculativeAlgorithm = model_runner.spec_algorithm
    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, SWAKVPool):
        return active_pool
    if model_runner.is_draft_worker and spec.is_frozen_kv_mtp():
        target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(target_cache, SWAKVPool):
            logger.debug("frozen-KV draft: translating against target SWA pool")
            return target_cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: Optional[int] = None):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.topk = (
            topk
            if topk is not None
            else (getattr(model_runner.server_args, "speculative_eagle_topk", None) or 1)
        )
        self.swa_pool = select_swa_pool(model_runner)

    def _expand_for_topk(self, loc: torch.Tensor) -> torch.Tensor:
        # topk > 1 would repeat per branch; decode here is one branch per request.
        return loc

    def forward_decode(self, loc: torch.Tensor):
        loc = self._expand_for_topk(loc)
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
