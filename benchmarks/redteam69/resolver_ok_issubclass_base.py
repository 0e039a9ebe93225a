"""Resolve the sliding-window pool for decode.

``issubclass`` against ``BaseSWAKVPool`` covers every hybrid pool variant.
Draft workers only fall back to the allocator's cache for frozen-KV MTP,
where the draft reads the target cache by design.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, attn_logit_cap: float = 0.0):
        super().__init__()
        self.attn_logit_cap = attn_logit_cap
        self.model_runner = model_runner
        self.swa_pool = self._resolve_swa_pool()
        logger.debug("resolved swa pool: %s", type(self.swa_pool).__name__)

    def _resolve_swa_pool(self) -> Optional[BaseSWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if issubclass(type(pool), BaseSWAKVPool):
            return pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        if issubclass(type(cache), BaseSWAKVPool):
            return cache
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
