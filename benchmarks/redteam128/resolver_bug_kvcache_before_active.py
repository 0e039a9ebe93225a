"""Hybrid-window attention backend (Mistral/Gemma-3 style interleaving).

Resolves the SWA KV pool at construction and uses it for every windowed layer; the
decode page table is rebuilt per step from the request-to-token map.
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
class HybridWindowMetadata:
    seq_lens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    window_size: int = -1


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """Find the SWA pool backing this runner, if any.

    The allocator's cache is the authoritative hybrid pool, so it is consulted first.
    Otherwise draft workers that do not read frozen target KV get no SWA translation,
    and everything else falls back to the runner's active pool.
    """
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    active = model_runner.token_to_kv_pool
    return active if isinstance(active, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, window_size: int = 1024):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.window_size = window_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[HybridWindowMetadata] = None
        self.cuda_graph_page_table: Optional[torch.Tensor] = None
        self.cuda_graph_swa_page_table: Optional[torch.Tensor] = None
        self.cuda_graph_seq_lens: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            logger.info(
                "Hybrid window backend: swa size=%d, full size=%d, window=%d",
                self.swa_kv_pool.size_swa,
                self.swa_kv_pool.size,
                window_size,
            )

    def _windowed_start(self, seq_lens: torch.Tensor) -> torch.Tensor:
        return torch.clamp(seq_lens - self.window_size, min=0)

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = HybridWindowMetadata(
            seq_lens=forward_batch.seq_lens,
            page_table=page_table,
            window_size=self.window_size,
        )
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        width = max_num_tokens // max(max_bs, 1) + self.page_size
        self.cuda_graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.cuda_graph_page_table = torch.zeros(
            max_bs, width, dtype=torch.int64, device=self.device
        )
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_page_table = torch.zeros_like(self.cuda_graph_page_table)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = HybridWindowMetadata(
            seq_lens=self.cuda_graph_seq_lens[:bs],
            page_table=self.cuda_graph_page_table[:bs],
            swa_page_table=(
                self.cuda_graph_swa_page_table[:bs]
                if self.cuda_graph_swa_page_table is not None
                else None
            ),
            window_size=self.window_size,
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        pool = self.swa_kv_pool or self.token_to_kv_pool
        if save_kv_cache:
            pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        attn = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (attn @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
