"""Decode backend whose SWA pool lookup distinguishes target and draft runners.

Draft runners normally own their KV buffers; FROZEN_KV MTP drafts instead attend
over the target's cache, which is reachable through the shared allocator.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        logger.debug(
            "draft=%s spec=%s swa=%s",
            model_runner.is_draft_worker,
            model_runner.spec_algorithm,
            self.swa_kv_pool is not None,
        )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if not model_runner.is_draft_worker:
            return None
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # Regular draft workers keep a separate, full-attention-only pool.
            return None
        target_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return target_pool if isinstance(target_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
