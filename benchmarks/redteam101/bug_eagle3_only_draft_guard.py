"""Hybrid-SWA decode backend with EAGLE3-aware draft handling.

EAGLE3 draft heads carry their own full-attention cache and never see the
target's sliding window; other runners use the window from the shared cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _registered_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 1):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and spec.is_eagle3():
            self.swa_pool = None
        else:
            self.swa_pool = _registered_swa_pool(model_runner)
        logger.debug(
            "backend init: draft=%s spec=%s swa=%s",
            model_runner.is_draft_worker,
            spec,
            self.swa_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
