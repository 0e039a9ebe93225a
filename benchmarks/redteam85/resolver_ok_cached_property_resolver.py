"""Hybrid SWA decode backend with a memoised pool resolver.

``swa_pool`` follows the upstream resolution order: the active pool if it is
a hybrid SWA pool; no SWA pool for a speculative draft worker that owns its
own pool (frozen-KV MTP drafts excepted, they read the target's KV); the
allocator's cache otherwise. Computed once with ``functools.cached_property``.
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
    def _owns_separate_pool(self) -> bool:
        runner = self.model_runner
        return runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()

    @cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if self._owns_separate_pool:
            return None
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            logger.debug("using allocator SWA pool for %s", type(self.kv_pool).__name__)
            return kvcache
        return None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa = self.swa_pool
        if swa is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
