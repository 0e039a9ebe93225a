"""Dual-chunk attention backend (long-context, Qwen-style intra/inter chunk attention).

The SWA pool resolver works purely from the pool handed to it; the allocator is passed
along only to report capacity when the hybrid layout is detected.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DualChunkMetadata:
    chunk_size: int = 8192
    local_size: int = 1024
    seq_lens: Optional[torch.Tensor] = None
    intra_indices: Optional[torch.Tensor] = None
    succ_indices: Optional[torch.Tensor] = None
    swa_indices: Optional[torch.Tensor] = None


def resolve_sliding_window_pool(pool: KVCache, allocator=None) -> Optional[SWAKVPool]:
    """Return ``pool`` if it is a hybrid SWA pool, else None."""
    if not isinstance(pool, SWAKVPool):
        return None
    if allocator is not None:
        logger.info(
            "hybrid KV detected: full=%d swa=%d (allocator free=%d)",
            pool.size,
            pool.size_swa,
            allocator.available_size(),
        )
    return pool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, chunk_size: int = 8192, local_size: int = 1024):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.chunk_size = chunk_size
        self.local_size = local_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_sliding_window_pool(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self.forward_metadata: Optional[DualChunkMetadata] = None
        self._cg = None

    def _split_chunks(self, seq_lens: torch.Tensor):
        chunk_ids = torch.div(seq_lens - 1, self.chunk_size, rounding_mode="floor")
        intra_start = chunk_ids * self.chunk_size
        succ_start = torch.clamp(intra_start - self.chunk_size, min=0)
        return intra_start, succ_start

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        intra_start, succ_start = self._split_chunks(forward_batch.seq_lens)
        md = DualChunkMetadata(
            chunk_size=self.chunk_size,
            local_size=self.local_size,
            seq_lens=forward_batch.seq_lens,
            intra_indices=table,
            succ_indices=table[:, : int(intra_start.max()) if intra_start.numel() else 0],
        )
        if self.swa_pool is not None:
            md.swa_indices = self.swa_pool.translate_loc_from_full_to_swa(table)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._cg = {
            "seq_lens": torch.ones(max_bs, dtype=torch.int32, device=self.device),
            "table": torch.zeros(
                max_bs, max_num_tokens // max(1, max_bs) + 1, dtype=torch.int64, device=self.device
            ),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = DualChunkMetadata(
            chunk_size=self.chunk_size,
            local_size=self.local_size,
            seq_lens=self._cg["seq_lens"][:bs],
            intra_indices=self._cg["table"][:bs],
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        s = q.float() @ k.float().transpose(-1, -2) * layer.scaling
        n = s.shape[-1]
        pos = torch.arange(n, device=s.device)
        same_chunk = (pos.view(-1, 1) // self.chunk_size) == (pos.view(1, -1) // self.chunk_size)
        s = s.masked_fill(~same_chunk[-s.shape[-2] :], float("-inf"))
        return (s.softmax(-1) @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
