"""FlashAttention-style decode backend for models with interleaved SWA layers.

Pool resolution is split into small helpers, each handling one case and
returning early, so the backend can be constructed for target and draft runners.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = 1
        self.req_to_token = torch.zeros((8, 64), dtype=torch.int32)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        if self.swa_pool is not None:
            logger.info("SWA enabled, swa size=%s", self.swa_pool.size_swa)

    def _active_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        return None

    def _draft_owns_pool(self, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return False
        return not model_runner.spec_algorithm.is_frozen_kv_mtp()

    def _allocator_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        pool = self._active_swa_pool(model_runner)
        if pool is not None:
            return pool
        if self._draft_owns_pool(model_runner):
            return None
        return self._allocator_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
