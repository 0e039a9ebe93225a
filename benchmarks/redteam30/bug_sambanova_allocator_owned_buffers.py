"""SambaNova RDU attention backend that reads KV buffers through the allocator."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class RDUMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

        # Sliding-window support follows the model's own KV pool type.
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)

        # The RDU runtime pins the buffers registered with the allocator, so
        # read through the same object to keep one registration.
        self.kv_buffers = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.metadata = RDUMetadata()
        logger.info("RDU backend: swa=%s page_size=%d", self.use_swa, self.page_size)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        self.metadata = RDUMetadata(page_table=page_table, seq_lens=forward_batch.seq_lens)
        if self.use_swa:
            self.metadata.swa_page_table = self.kv_buffers.translate_loc_from_full_to_swa(
                page_table
            )

    def forward_decode(self, loc):
        if self.use_swa:
            return self.kv_buffers, self.kv_buffers.translate_loc_from_full_to_swa(loc)
        return self.kv_buffers, loc
