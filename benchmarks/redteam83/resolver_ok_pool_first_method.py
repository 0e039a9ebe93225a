"""Hybrid attention dispatcher.

``_resolve_swa_pool`` inspects only the pool this runner reads from.  The
allocator is mentioned in the log line purely so operators can tell shared and
owned caches apart in multi-worker setups.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "resolving swa pool: pool=%s allocator=%s",
            type(pool).__name__,
            type(allocator).__name__,
        )
        if isinstance(pool, SWAKVPool):
            return pool
        return None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
