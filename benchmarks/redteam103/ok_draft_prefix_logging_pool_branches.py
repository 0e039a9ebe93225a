"""EAGLE-compatible decode backend shared by target and draft runners.

The worker role only affects log prefixes; the KV layout (SWA, MLA or MHA)
is read off the pool owned by the runner.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MLATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.log_prefix = "[draft]" if model_runner.is_draft_worker else "[target]"
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.is_mla = self.swa_pool is None and isinstance(self.kv_pool, MLATokenToKVPool)
        logger.info(
            "%s decode backend: swa=%s mla=%s spec=%s",
            self.log_prefix,
            self.swa_pool is not None,
            self.is_mla,
            model_runner.spec_algorithm,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.is_mla:
            return self.kv_pool, loc
        return self.kv_pool, loc
