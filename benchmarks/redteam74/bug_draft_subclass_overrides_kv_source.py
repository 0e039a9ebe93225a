"""EAGLE target/draft decode backends for hybrid sliding-window models.

The draft model attends over the same sliding window as the target, so the draft backend
overrides the KV source hook to pick up the hybrid cache registered with the shared allocator.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridTargetBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = self._kv_source()
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

    def _kv_source(self) -> KVCache:
        return self.model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class HybridDraftBackend(HybridTargetBackend):
    def _kv_source(self) -> KVCache:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return super()._kv_source()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if model_runner.is_draft_worker:
            self.inner = HybridDraftBackend(model_runner)
        else:
            self.inner = HybridTargetBackend(model_runner)
        logger.debug("%s (swa=%s)", type(self.inner).__name__, self.inner.is_swa)

    def forward_decode(self, loc: torch.Tensor):
        return self.inner.forward_decode(loc)
