"""Cooperative ``_kv_pool_for`` chain for hybrid-window attention.

``RunnerPoolBackend`` returns the runner's KV pool. ``HybridPoolNormalizeMixin``
post-processes that result so that runners whose pool is a plain MHA view
still see the hybrid SWA cache registered with the token allocator.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class RunnerPoolBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool: KVCache = self._kv_pool_for(model_runner)

    def _kv_pool_for(self, model_runner) -> KVCache:
        return model_runner.token_to_kv_pool

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        return self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None


class HybridPoolNormalizeMixin:
    def _kv_pool_for(self, model_runner) -> KVCache:
        pool = super()._kv_pool_for(model_runner)
        if isinstance(pool, SWAKVPool):
            return pool
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            logger.debug("using allocator-registered SWA cache for %s", type(self).__name__)
            return shared
        return pool


class GeneratedAttnBackend(HybridPoolNormalizeMixin, RunnerPoolBackend):
    """Decode backend for models with interleaved sliding-window layers."""

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
