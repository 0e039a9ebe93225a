"""CUDA-graph friendly decode backend with a fused full->SWA page-table gather.

The raw full->SWA mapping tensor registered on the hybrid KV pool is kept so that graph
replay can gather SWA slots on device. Page-size > 1 is handled by converting token
tables into page tables after translation.
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
class GraphDecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def tokens_to_pages(tokens: torch.Tensor, page_size: int) -> torch.Tensor:
    if page_size <= 1:
        return tokens
    return torch.div(tokens[..., ::page_size], page_size, rounding_mode="floor")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs_hint: int = 160):
        super().__init__()
        self.device = model_runner.device
        self.page_size = max(1, model_runner.page_size)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs_hint = max_bs_hint

        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool: Optional[SWAKVPool] = self.token_to_kv_pool
            self.full_to_swa_mapping = self.swa_kv_pool.full_to_swa_index_mapping
            assert (
                self.full_to_swa_mapping is not None
            ), "SWA pool must register full_to_swa_index_mapping before the backend is built"
        else:
            self.swa_kv_pool = None
            self.full_to_swa_mapping = None

        self.forward_metadata: Optional[GraphDecodeMetadata] = None
        self.graph_buffers: dict = {}
        alloc = model_runner.token_to_kv_pool_allocator
        logger.info(
            "graph decode backend: page_size=%d swa=%s alloc_size=%d",
            self.page_size,
            self.swa_kv_pool is not None,
            alloc.size,
        )

    def _gather_swa(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.full_to_swa_mapping[tokens]

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        tokens = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = GraphDecodeMetadata(
            cache_seqlens=forward_batch.seq_lens.to(torch.int32),
            page_table=tokens_to_pages(tokens, self.page_size),
        )
        if self.swa_kv_pool is not None:
            md.swa_page_table = tokens_to_pages(self._gather_swa(tokens), self.page_size)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.graph_buffers = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int64, device=self.device),
        }
        if self.swa_kv_pool is not None:
            self.graph_buffers["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int64, device=self.device
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        b = self.graph_buffers
        self.forward_metadata = GraphDecodeMetadata(
            cache_seqlens=b["cache_seqlens"][:bs],
            page_table=b["page_table"][:bs],
            swa_page_table=b["swa_page_table"][:bs] if "swa_page_table" in b else None,
        )

    def init_forward_metadata_replay_cuda_graph(self, bs, req_pool_indices, seq_lens, seq_lens_cpu):
        b = self.graph_buffers
        b["cache_seqlens"][:bs].copy_(seq_lens)
        max_len = int(seq_lens_cpu.max())
        tokens = self.req_to_token[req_pool_indices, :max_len]
        pages = tokens_to_pages(tokens, self.page_size)
        b["page_table"][:bs, : pages.shape[1]].copy_(pages)
        if self.swa_kv_pool is not None:
            swa_pages = tokens_to_pages(self._gather_swa(tokens), self.page_size)
            b["swa_page_table"][:bs, : swa_pages.shape[1]].copy_(swa_pages)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self._gather_swa(loc)
