"""SWA pool resolution for hybrid models, split across a base and a subclass.

``SWAPoolResolverBase._resolve_swa_pool`` implements the generic lookup
(the runner's pool first, then the cache registered with the allocator).
The speculative-aware backend short-circuits draft workers that keep their
own full-attention pool before delegating to the generic lookup.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self._resolve_swa_pool(model_runner)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend(SWAPoolResolverBase):
    """Decode backend aware of EAGLE draft workers."""

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if (
            not isinstance(own, SWAKVPool)
            and model_runner.is_draft_worker
            and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        ):
            logger.debug("draft worker owns a full-attention pool; SWA disabled")
            return None
        return super()._resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
