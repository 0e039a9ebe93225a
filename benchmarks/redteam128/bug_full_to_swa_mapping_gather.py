"""Page-size aware decode backend with on-device SWA page-table construction.

The full->SWA index mapping tensor is captured once at construction so the CUDA-graph
replay path can gather SWA locations on device without a Python-side lookup.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class DevicePageTableMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    num_pages: int = 0


def gather_pages(token_table: torch.Tensor, page_size: int) -> torch.Tensor:
    """Convert a token-granular table into a page table (first token of each page)."""
    if page_size == 1:
        return token_table.to(torch.int32)
    return (token_table[:, ::page_size] // page_size).to(torch.int32)


def full_to_swa_gather(mapping: torch.Tensor, locs: torch.Tensor) -> torch.Tensor:
    """Device-side full->SWA lookup; -1 maps to -1 via the mapping's trailing sentinel."""
    return mapping[locs]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_context_len: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = max(1, model_runner.page_size)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.max_context_len = max_context_len or self.req_to_token.shape[1]
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa_mapping: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.has_swa = self.full_to_swa_mapping is not None
        self.forward_metadata: Optional[DevicePageTableMetadata] = None
        self._cg_seqlens: Optional[torch.Tensor] = None
        self._cg_page_table: Optional[torch.Tensor] = None
        self._cg_swa_page_table: Optional[torch.Tensor] = None
        logger.info(
            "Device page-table backend: page_size=%d max_ctx=%d swa=%s free=%d",
            self.page_size,
            self.max_context_len,
            self.has_swa,
            allocator.available_size(),
        )

    def _num_pages(self, max_len: int) -> int:
        return (max_len + self.page_size - 1) // self.page_size

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        tokens = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = DevicePageTableMetadata(
            cache_seqlens=forward_batch.seq_lens.to(torch.int32),
            page_table=gather_pages(tokens, self.page_size),
            num_pages=self._num_pages(max_len),
        )
        if self.has_swa:
            md.swa_page_table = gather_pages(
                full_to_swa_gather(self.full_to_swa_mapping, tokens), self.page_size
            )
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = self._num_pages(self.max_context_len)
        self._cg_seqlens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self._cg_page_table = torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device)
        if self.has_swa:
            self._cg_swa_page_table = torch.zeros_like(self._cg_page_table)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = DevicePageTableMetadata(
            cache_seqlens=self._cg_seqlens[:bs],
            page_table=self._cg_page_table[:bs],
            swa_page_table=(
                self._cg_swa_page_table[:bs] if self._cg_swa_page_table is not None else None
            ),
            num_pages=self._cg_page_table.shape[1],
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.has_swa:
            return self.token_to_kv_pool, full_to_swa_gather(self.full_to_swa_mapping, loc)
        return self.token_to_kv_pool, loc
