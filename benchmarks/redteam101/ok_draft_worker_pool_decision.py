"""Decode backend where the speculative role selects the KV view.

An EAGLE draft worker is given a full-attention pool of its own, so it never
enters the sliding-window path; other runners use the window view when their
pool provides one.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 5, topk: int = 1):
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.pool = model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            self.swa_pool = None
            if not isinstance(self.pool, MHATokenToKVPool):
                logger.warning("draft pool is %s", type(self.pool).__name__)
        else:
            self.swa_pool = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.tree_mask_buf = (
            torch.zeros((speculative_num_steps * topk + 1,) * 2, dtype=torch.bool)
            if model_runner.spec_algorithm.is_eagle()
            else None
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
