"""EAGLE support for the hybrid-SWA decode backend.

The draft model attends over the same token history as the target model, so
the draft runner points its decode reads at the target's KV cache (reachable
through the shared allocator) rather than keeping a second copy.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 0):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        self.is_draft = model_runner.is_draft_worker
        if self.is_draft and model_runner.spec_algorithm.is_eagle():
            self.kv_pool: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            logger.info("EAGLE draft reading target KV cache (%s)", type(self.kv_pool).__name__)
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
