"""TRT-LLM style MHA backend with a separate page table for sliding-window layers.

The backend keeps one page table for full-attention layers and, on hybrid models, a
second page table addressed in SWA slot space. Sliding-window layers consult the
second table; everything else reads the regular KV pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_BYTES = 128 * 1024 * 1024


@dataclass
class TRTLLMDecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    cu_seqlens_q: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    """MHA decode backend with optional SWA page table."""

    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 2048,
        workspace_bytes: int = DEFAULT_WORKSPACE_BYTES,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = max(int(model_runner.page_size), 1)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.workspace_bytes = workspace_bytes
        self.sliding_window_size = sliding_window_size

        # Hybrid models are served by the SWA-aware allocator; it keeps the
        # full->SWA mapping that the second page table is built from.
        self.use_swa_page_table = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )

        self.forward_metadata: Optional[TRTLLMDecodeMetadata] = None
        self.decode_cuda_graph_metadata = {}
        self._workspace: Optional[torch.Tensor] = None
        logger.info(
            "TRTLLM-MHA backend: page_size=%d swa_page_table=%s",
            self.page_size,
            self.use_swa_page_table,
        )

    # -- workspace / graph state ---------------------------------------
    def _get_workspace(self) -> torch.Tensor:
        if self._workspace is None:
            self._workspace = torch.empty(
                self.workspace_bytes // 4, dtype=torch.int32, device=self.device
            )
        return self._workspace

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int32, device=self.device),
        }
        if self.use_swa_page_table:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int32, device=self.device
            )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        buffers = self.decode_cuda_graph_metadata
        self.forward_metadata = TRTLLMDecodeMetadata(
            cache_seqlens_int32=buffers["cache_seqlens"][:bs],
            page_table=buffers["page_table"][:bs],
            swa_page_table=buffers.get("swa_page_table"),
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
        metadata = self.forward_metadata
        if metadata is None:
            return
        metadata.cache_seqlens_int32[:bs].copy_(seq_lens[:bs].to(torch.int32))
        metadata.max_seq_len_k = int(seq_lens_cpu[:bs].max()) if seq_lens_cpu is not None else 0

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        self.forward_metadata = TRTLLMDecodeMetadata(
            cache_seqlens_int32=seq_lens,
            max_seq_len_k=int(seq_lens.max()),
            cu_seqlens_q=torch.arange(
                forward_batch.batch_size + 1, dtype=torch.int32, device=self.device
            ),
        )

    # -- helpers --------------------------------------------------------
    def _is_sliding(self, window: Optional[int]) -> bool:
        return window is not None and window > 0

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def _pages(self, loc: torch.Tensor) -> torch.Tensor:
        return torch.div(loc, self.page_size, rounding_mode="floor")

    # -- forward --------------------------------------------------------
    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        cache_loc = forward_batch.out_cache_loc
        if self.use_swa_page_table and self._is_sliding(layer.sliding_window_size):
            cache_loc = self._swa_locations(cache_loc)
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa_page_table and self._is_sliding(self.sliding_window_size):
            return self.token_to_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
