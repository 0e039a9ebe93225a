"""TRTLLM-MHA style decode backend port with an SWA page-table helper and XQA workspace."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if TYPE_CHECKING:
    from sglang.srt.model_executor.forward_batch_info import ForwardBatch
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_SIZE_MB = 128


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    max_seq_len_k: int = 0
    cu_seqlens_q: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner: ModelRunner, skip_prefill: bool = False):
        config = model_runner.model_config
        self.num_q_heads = getattr(config, "num_attention_heads", 1)
        self.num_kv_heads = getattr(config, "num_key_value_heads", 1)
        self.head_dim = getattr(config, "head_dim", 128)
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.max_context_len = getattr(config, "context_len", 4096)
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool

        # Sliding Window Attention (SWA) hybrid model support. The allocator
        # keeps the full->swa index mapping and owns the SWA kv cache.
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool: Optional[SWAKVPool] = (
            allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )

        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None
        self.decode_cuda_graph_metadata: dict = {}
        self.workspace_size = DEFAULT_WORKSPACE_SIZE_MB * 1024 * 1024
        logger.debug(
            "trtllm_mha: heads=%d kv_heads=%d page_size=%d swa=%s",
            self.num_q_heads,
            self.num_kv_heads,
            self.page_size,
            self.use_sliding_window_kv_pool,
        )

    def _maybe_translate_swa(self, token_indices: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return token_indices
        return self._swa_kv_pool.translate_loc_from_full_to_swa(token_indices)

    def _alloc_swa_page_table(self, page_table: torch.Tensor) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self._maybe_translate_swa(page_table.flatten()).view_as(page_table)

    def init_forward_metadata(self, forward_batch: ForwardBatch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        bs = seq_lens.shape[0]
        max_len = int(forward_batch.seq_lens_cpu.max().item())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        if self.page_size > 1:
            page_table = page_table[:, :: self.page_size] // self.page_size
        self.forward_metadata = TRTLLMMHAMetadata(
            cache_seqlens_int32=seq_lens,
            max_seq_len_k=max_len,
            cu_seqlens_q=torch.arange(0, bs + 1, dtype=torch.int32, device=self.device),
            page_table=page_table,
            swa_page_table=self._alloc_swa_page_table(page_table),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {"max_bs": max_bs, "max_num_tokens": max_num_tokens}

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.decode_cuda_graph_metadata[bs] = ("capture", num_tokens, forward_mode)

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self.decode_cuda_graph_metadata[bs] = ("replay", seq_lens_sum, forward_mode)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, q, k, v, layer, forward_batch: ForwardBatch, save_kv_cache=True):
        cache_loc = forward_batch.out_cache_loc
        if save_kv_cache and k is not None:
            self.token_to_kv_pool.set_kv_buffer(layer, cache_loc, k, v)
        return q.new_zeros(q.shape[0], self.num_q_heads * self.head_dim)

    def forward_decode(self, loc: torch.Tensor):
        """Return the pool read by decode and the slots read there."""
        return self.token_to_kv_pool, self._maybe_translate_swa(loc)
