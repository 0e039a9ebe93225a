"""Decode backend with CUDA-graph capture buffers and a SWA page table for windowed layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_context_len = getattr(model_runner.model_config, "context_len", 2048)
        self.max_bs = getattr(model_runner, "max_running_requests", 4) or 4
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.cuda_graph_buffers = {}
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.init_cuda_graph_state(self.max_bs, self.max_bs)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.cuda_graph_buffers["page_table"] = torch.zeros(max_bs, max_pages, dtype=torch.int64)
        alloc = self.model_runner.token_to_kv_pool_allocator
        # The allocator's own SWA sub-allocator is bookkeeping; size checks only.
        swa_alloc = getattr(alloc, "swa_attn_allocator", None)
        if swa_alloc is not None:
            logger.debug("shared allocator swa capacity=%s", getattr(alloc, "size_swa", None))
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.cuda_graph_buffers["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int64
            )

    def init_forward_metadata_capture_cuda_graph(self, bs, loc):
        pt = self.cuda_graph_buffers["page_table"][:bs, :1]
        pt[:, 0] = loc
        swa_pt = None
        if "swa_page_table" in self.cuda_graph_buffers:
            swa_pt = self.cuda_graph_buffers["swa_page_table"][:bs, :1]
            swa_pt[:, 0] = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(page_table=pt, swa_page_table=swa_pt)

    def forward(self, loc, mode="decode", window=1024):
        assert loc.numel() <= self.max_bs, "batch larger than captured graph"
        self.init_forward_metadata_capture_cuda_graph(loc.numel(), loc)
        md = self.forward_metadata
        if window > -1 and md.swa_page_table is not None:
            return self.token_to_kv_pool, md.swa_page_table[:, 0].clone()
        return self.token_to_kv_pool, md.page_table[:, 0].clone()

    def forward_decode(self, loc):
        return self.forward(loc)
