"""Decode backend for hybrid sliding-window models that reads the SWA layers through translated indices."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.forward_metadata = DecodeMetadata()
        self.decode_cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata["page_table"] = torch.zeros(
            max_bs, self.req_to_token.shape[1], dtype=torch.int32
        )
        if self.use_sliding_window_kv_pool:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros(
                max_bs, self.req_to_token.shape[1], dtype=torch.int32
            )

    def init_forward_metadata(self, page_table: torch.Tensor):
        md = DecodeMetadata(page_table=page_table)
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table
