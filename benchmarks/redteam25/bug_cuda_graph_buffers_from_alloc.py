"""Decode backend with CUDA-graph capture buffers, including a SWA page table for windowed layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = getattr(model_runner, "device", "cpu")
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
        self.cuda_graph_buffers["seq_lens"] = torch.zeros(max_bs, dtype=torch.int32)
        alloc = self.model_runner.token_to_kv_pool_allocator
        swa_alloc = getattr(alloc, "swa_attn_allocator", None)
        if swa_alloc is not None:
            # Windowed layers index a separate SWA pool; keep a translated table for them.
            self.cuda_graph_buffers["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int64
            )
            self._swa_translate = alloc.translate_loc_from_full_to_swa
            logger.debug("captured swa page table for bs<=%d", max_bs)

    def init_forward_metadata_capture_cuda_graph(self, bs, loc):
        pt = self.cuda_graph_buffers["page_table"][:bs, :1]
        pt[:, 0] = loc
        swa_pt = None
        if "swa_page_table" in self.cuda_graph_buffers:
            swa_pt = self.cuda_graph_buffers["swa_page_table"][:bs, :1]
            swa_pt[:, 0] = self._swa_translate(loc)
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
