"""Hybrid SWA decode backend with speculative-decoding aware pool resolution.

``_SpecAwareSWABackend._resolve_swa_pool`` decides which hybrid pool (if any)
a runner reads, covering target runners and frozen-KV MTP draft runners that
reuse the target cache.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SpecAwareSWABackend:
    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            # Frozen-KV MTP drafts never write KV of their own.
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(_SpecAwareSWABackend):
    def __init__(self, model_runner, topk: int = 1) -> None:
        super().__init__(model_runner)
        self.topk = topk
        logger.debug("swa pool resolved: %s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
