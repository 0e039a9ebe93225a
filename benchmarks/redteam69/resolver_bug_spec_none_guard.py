"""Resolve the sliding-window pool for decode.

Runners without speculative decoding never share an allocator, so for them
a non-hybrid active pool means there is no window pool at all. Speculative
runners may see the hybrid cache through the allocator instead.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, attn_logit_cap: float = 0.0):
        super().__init__()
        self.attn_logit_cap = attn_logit_cap
        self.model_runner = model_runner
        self.swa_pool = self._resolve_swa_pool()
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if issubclass(type(pool), SWAKVPool):
            return pool
        if runner.spec_algorithm.is_none():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        if issubclass(type(cache), SWAKVPool):
            return cache
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
