"""TRTLLM MHA backend whose nested draft/FROZEN_KV checks were collapsed into one condition."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _alloc_swa_page_table(self, max_bs: int) -> Optional[torch.Tensor]:
        if self._swa_kv_pool is None:
            return None
        return torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        table = self._alloc_swa_page_table(loc.numel())
        if table is None:
            return self.token_to_kv_pool, loc
        table[:, 0] = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self._swa_kv_pool, table[:, 0].clone()
