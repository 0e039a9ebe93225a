"""Decode metadata builder + attention backend for paged MHA kernels.

The builder owns the page-table construction (including the SWA page table on hybrid
models) so that eager, capture and replay paths share one implementation.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class PagedMHAMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    max_seqlen_k: int = 0


class PageTableBuilder:
    """Builds full and (optionally) SWA page tables from token indices."""

    def __init__(self, token_to_kv_pool_allocator, page_size: int, device):
        self.page_size = max(1, page_size)
        self.device = device
        cache = token_to_kv_pool_allocator.get_kvcache()
        self.swa_cache: Optional[SWAKVPool] = cache if isinstance(cache, SWAKVPool) else None

    @property
    def has_swa(self) -> bool:
        return self.swa_cache is not None

    def to_pages(self, token_table: torch.Tensor) -> torch.Tensor:
        return token_table[:, :: self.page_size] // self.page_size

    def build(self, token_table: torch.Tensor, seq_lens: torch.Tensor) -> PagedMHAMetadata:
        md = PagedMHAMetadata(
            cache_seqlens=seq_lens.to(torch.int32),
            page_table=self.to_pages(token_table),
            max_seqlen_k=token_table.shape[1],
        )
        if self.has_swa:
            md.swa_page_table = self.to_pages(self.translate(token_table))
        return md

    def translate(self, locs: torch.Tensor) -> torch.Tensor:
        return self.swa_cache.translate_loc_from_full_to_swa(locs)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_cache_dtype: Optional[torch.dtype] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_cache_dtype = kv_cache_dtype or self.token_to_kv_pool.dtype
        self.builder = PageTableBuilder(
            model_runner.token_to_kv_pool_allocator, self.page_size, self.device
        )
        self.forward_metadata: Optional[PagedMHAMetadata] = None
        self.graph_page_table: Optional[torch.Tensor] = None
        self.graph_seq_lens: Optional[torch.Tensor] = None
        logger.info(
            "Paged MHA backend: kv dtype=%s page_size=%d swa_page_table=%s",
            self.kv_cache_dtype,
            self.page_size,
            self.builder.has_swa,
        )

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        self.forward_metadata = self.builder.build(table, forward_batch.seq_lens)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        width = max_num_tokens // max(max_bs, 1) + self.page_size
        self.graph_page_table = torch.zeros(max_bs, width, dtype=torch.int64, device=self.device)
        self.graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = self.builder.build(
            self.graph_page_table[:bs], self.graph_seq_lens[:bs]
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.builder.has_swa:
            return self.builder.swa_cache, self.builder.translate(loc)
        return self.token_to_kv_pool, loc
