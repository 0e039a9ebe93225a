"""Ascend NPU paged attention backend with hybrid sliding-window support."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class AscendForwardMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0


class GeneratedAttnBackend:
    """Paged attention on Ascend, ported from the torch-native backend."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[AscendForwardMetadata] = None

        # Hybrid SWA models (e.g. gpt-oss, gemma3) keep the sliding-window layers
        # in a separate, smaller pool with its own index space.
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        if self.is_hybrid_swa:
            self.swa_kv_pool: Optional[SWAKVPool] = allocator.get_kvcache()
            logger.info(
                "Ascend backend: hybrid SWA enabled (swa size=%d)",
                allocator.size_swa,
            )
        else:
            self.swa_kv_pool = None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        max_len = int(forward_batch.seq_lens_cpu.max().item())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        metadata = AscendForwardMetadata(
            page_table=page_table,
            seq_lens=forward_batch.seq_lens[:bs],
            max_seq_len=max_len,
        )
        if self.is_hybrid_swa:
            metadata.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        if self.is_hybrid_swa:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
