"""Hybrid SWA pool resolution for the dual-chunk decode backend.

Frozen-KV MTP drafts read the target's KV cache through the shared allocator; ordinary
draft workers keep to their own full-attention pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, chunk_size: int = 8192):
        self.chunk_size = chunk_size
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if not runner.is_draft_worker:
            return None
        if not runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug("draft worker keeps full attention")
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
