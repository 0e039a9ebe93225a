"""Hybrid attention backend with an SWA pool resolver for speculative workers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAState:
    pool: Optional[SWAKVPool]
    from_allocator: bool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa = self._resolve(model_runner)
        if self.swa.from_allocator:
            logger.info("window pool resolved through the shared allocator")

    def _resolve(self, model_runner) -> SWAState:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return SWAState(model_runner.token_to_kv_pool, False)
        is_draft = model_runner.is_draft_worker
        frozen_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if is_draft and frozen_kv:
            return SWAState(None, False)
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return SWAState(kvcache, True)
        return SWAState(None, False)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa.pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
