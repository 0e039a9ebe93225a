"""XPU decode backend port for hybrid sliding-window models.

The page table of sliding-window layers is translated into SWA-pool slots. Speculative draft
workers only use the allocator's SWA pool in frozen-KV MTP mode, where they read the target KV.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """XPU (flash-attn style) backend, decode path."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            kv_pool_for_swa = None
        else:
            kv_pool_for_swa = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_sliding_window_kv_pool = isinstance(kv_pool_for_swa, SWAKVPool)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            kv_pool_for_swa if self.use_sliding_window_kv_pool else None
        )
        self.page_table: Optional[torch.Tensor] = None
        logger.info("xpu backend: sliding window kv pool=%s", self.use_sliding_window_kv_pool)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        bs = out_cache_loc.numel()
        page_table = (out_cache_loc // self.page_size).view(bs, 1)
        if self.use_sliding_window_kv_pool:
            page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(
                page_table.reshape(-1)
            ).view(bs, 1)
        self.page_table = page_table

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        pool = self.swa_kv_pool if self.use_sliding_window_kv_pool else self.token_to_kv_pool
        return pool, self.page_table.reshape(-1) * self.page_size
