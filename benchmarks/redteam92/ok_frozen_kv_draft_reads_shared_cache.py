"""Decode backend for MTP drafting over a frozen target KV cache.

A frozen-KV MTP draft has no cache of its own worth reading, so it attends
over the cache registered with the shared allocator. All other runners read
the pool installed on them.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 1):
        self.speculative_num_steps = speculative_num_steps
        frozen_kv_draft = (
            model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if frozen_kv_draft:
            logger.info("frozen-KV MTP draft: attending over target cache")
            self.kv_pool: KVCache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
