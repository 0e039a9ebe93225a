"""TRT-LLM MHA backend with an SWA kill switch (fork).

``SGLANG_TRTLLM_DISABLE_SWA_PAGE_TABLE=1`` disables the SWA page-table path
entirely (used while bisecting kernel regressions). Otherwise the pool is
resolved the same way upstream does.
"""

from __future__ import annotations

import logging
import os
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DISABLE_SWA = os.getenv("SGLANG_TRTLLM_DISABLE_SWA_PAGE_TABLE", "0") == "1"


def resolve_swa_kv_pool(model_runner, disabled: bool = _DISABLE_SWA) -> Optional[SWAKVPool]:
    if disabled:
        logger.warning("trtllm_mha: SWA page table disabled by environment")
        return None
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.swa_page_table_buf: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            self.swa_page_table_buf = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def init_forward_metadata(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self.swa_kv_pool is None:
            return None
        n = loc.shape[0]
        self.swa_page_table_buf[:n] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_page_table_buf[:n]

    def forward_decode(self, loc: torch.Tensor):
        swa_page_table = self.init_forward_metadata(loc)
        if swa_page_table is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, swa_page_table
