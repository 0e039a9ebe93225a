"""FlashInfer-flavoured decode backend for models mixing full and sliding-window layers."""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Reads KV through the sliding-window pool when the runner exposes one."""

    def __init__(self, model_runner, use_tensor_cores: bool = True):
        self.use_tensor_cores = use_tensor_cores
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        # Fall back to the allocator's cache unless this is a draft worker that
        # allocated its own KV (frozen-KV MTP drafts read the target cache).
        if not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(cache, SWAKVPool):
                return cache
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        logger.debug("translated %d decode locations to SWA space", swa_loc.numel())
        return self.swa_pool, swa_loc
