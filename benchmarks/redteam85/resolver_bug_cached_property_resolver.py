"""Hybrid SWA decode backend with a memoised pool resolver.

``swa_pool`` follows the upstream resolution order (active pool, then the
speculative-draft special case, then the allocator's cache) and is computed
once per backend with ``functools.cached_property``.
"""

from __future__ import annotations

import logging
from functools import cached_property
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.model_runner = model_runner
        self.topk = topk
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            # Frozen-KV MTP drafts never write KV of their own.
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            logger.debug("using allocator SWA pool for %s", type(self.kv_pool).__name__)
            return kvcache
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
