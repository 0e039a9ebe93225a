"""SWA pool selection with an explicit FROZEN_KV_MTP branch.

FROZEN_KV_MTP drafts run on a non-hybrid runner but attend over the target's
hybrid KV, so they always read the allocator's cache. Everything else goes
through the regular active-pool / allocator lookup.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_splits: int = 4):
        super().__init__()
        self.kv_splits = kv_splits
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active

        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.info("FROZEN_KV_MTP draft: attending over target KV cache")
            return shared if isinstance(shared, SWAKVPool) else None

        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
