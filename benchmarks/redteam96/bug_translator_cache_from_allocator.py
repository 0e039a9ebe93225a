"""Dual-chunk / local-attention backend for long-context hybrid SWA models.

The backend keeps the KV pool it writes to and a separate ``translator`` handle: the
hybrid cache object that owns the full->SWA index mapping. Window layers use the
translator to convert slot ids before reading.
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
class LocalAttnMetadata:
    local_query_start_loc: Optional[torch.Tensor] = None
    local_seqused_k: Optional[torch.Tensor] = None
    local_block_table: Optional[torch.Tensor] = None
    local_max_query_len: int = 1
    local_max_seq_len: int = 0
    chunk_size: int = 8192


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 8192, chunk_size: int = 8192):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.chunk_size = chunk_size
        self.sliding_window_size = sliding_window_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool

        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.translator: Optional[SWAKVPool] = cache if isinstance(cache, SWAKVPool) else None

        self.forward_metadata: Optional[LocalAttnMetadata] = None
        self._graph_state: dict = {}
        if self.translator is not None:
            logger.info(
                "local attention: hybrid SWA cache detected (window=%d)", sliding_window_size
            )

    # ------------------------------------------------------------------
    def _make_local_attn_metadata(self, seq_lens: torch.Tensor) -> LocalAttnMetadata:
        bs = seq_lens.shape[0]
        used = torch.clamp(seq_lens, max=self.chunk_size).to(torch.int32)
        return LocalAttnMetadata(
            local_query_start_loc=torch.arange(bs + 1, dtype=torch.int32, device=self.device),
            local_seqused_k=used,
            local_max_seq_len=int(used.max()) if bs else 0,
            chunk_size=self.chunk_size,
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self._make_local_attn_metadata(forward_batch.seq_lens)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self._graph_state = {
            "seqused_k": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "block_table": torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = LocalAttnMetadata(
            local_seqused_k=self._graph_state["seqused_k"][:bs],
            local_block_table=self._graph_state["block_table"][:bs],
            chunk_size=self.chunk_size,
        )

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu,
    ):
        self._graph_state["seqused_k"][:bs].copy_(
            torch.clamp(seq_lens[:bs], max=self.chunk_size).to(torch.int32)
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _is_local(self, sliding_window_size: Optional[int]) -> bool:
        return sliding_window_size is not None and sliding_window_size > 0

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self._is_local(self.sliding_window_size) and self.translator is not None:
            read_pool = self.kv_pool
            return read_pool, self.translator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    # ------------------------------------------------------------------
    # Debug helpers
    # ------------------------------------------------------------------
    def describe(self) -> str:
        md = self.forward_metadata
        return (
            f"{type(self).__name__}(page_size={self.page_size}, "
            f"metadata={type(md).__name__ if md is not None else None})"
        )

    def reset_forward_metadata(self) -> Optional[object]:
        previous, self.forward_metadata = self.forward_metadata, None
        return previous
