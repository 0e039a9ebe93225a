"""Decode backend that tolerates the KV pool being attached after construction.

When the memory pool is initialised after the attention backend (e.g. with
``--enable-memory-saver``), the hybrid pool may not be visible in ``__init__``.
We resolve it again lazily on the first decode step.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.swa_kv_pool: Optional[SWAKVPool] = self._init_swa_pool(model_runner)
        self._lazy_checked = False

    @staticmethod
    def _init_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def _maybe_late_resolve(self) -> None:
        if self._lazy_checked or self.swa_kv_pool is not None:
            return
        self._lazy_checked = True
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            logger.info("Late-bound SWA pool detected on first decode step")
            self.swa_kv_pool = cache

    def forward_decode(self, loc: torch.Tensor):
        self._maybe_late_resolve()
        if self.swa_kv_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
