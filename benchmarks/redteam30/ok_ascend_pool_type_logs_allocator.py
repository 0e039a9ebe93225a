"""Ascend NPU attention backend that decides SWA from the runner's own KV pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class AscendDecodeMetadata:
    block_tables: Optional[torch.Tensor] = None
    seq_lens_list: Optional[list] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        logger.info(
            "Ascend backend: allocator=%s pool=%s free=%d swa=%s",
            type(allocator).__name__,
            type(self.token_to_kv_pool).__name__,
            allocator.available_size(),
            self.swa_pool is not None,
        )
        self.metadata = AscendDecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = AscendDecodeMetadata(
            block_tables=self.req_to_token[forward_batch.req_pool_indices],
            seq_lens_list=forward_batch.seq_lens_cpu.tolist(),
            swa_loc=(
                self.swa_pool.translate_loc_from_full_to_swa(loc)
                if self.swa_pool is not None
                else None
            ),
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
