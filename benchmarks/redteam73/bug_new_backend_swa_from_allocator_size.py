"""HPC-ops attention backend (port of the AITER decode path).

The split full/SWA cache is detected from the allocator's SWA capacity, and
the hybrid cache object it manages is used for the SWA layers.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False, block_size: int = 64):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.block_size = block_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        swa_size = getattr(allocator, "size_swa", 0)
        self.use_sliding_window_kv_pool = swa_size > 0
        self.swa_kv_pool = allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        if self.use_sliding_window_kv_pool:
            logger.info("hpc-ops: hybrid SWA cache with %d SWA slots", swa_size)

    def _decode_block_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        block_table = self._decode_block_table(loc)
        pool = self.swa_kv_pool if self.use_sliding_window_kv_pool else self.token_to_kv_pool
        return pool, block_table
