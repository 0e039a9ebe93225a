"""Tenstorrent attention backend that reads KV through the allocator's kvcache handle."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TTMetadata:
    page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

        # The allocator keeps the authoritative reference to the KV buffers
        # (the runner's attribute can be swapped during weight reloads).
        kvcache = model_runner.token_to_kv_pool_allocator._kvcache
        self.kv_pool = kvcache
        self.use_sliding_window = isinstance(kvcache, SWAKVPool)
        self.metadata = TTMetadata()

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        self.metadata = TTMetadata(
            page_table=self.req_to_token[forward_batch.req_pool_indices, :max_len],
            seq_lens=forward_batch.seq_lens,
        )

    def get_kv_buffer(self, layer_id: int):
        return self.kv_pool.get_kv_buffer(layer_id)

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
