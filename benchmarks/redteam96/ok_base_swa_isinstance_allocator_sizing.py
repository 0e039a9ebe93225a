"""Double-sparsity / top-k decode backend with hybrid SWA cache support.

Graph buffers are sized from the allocator's token capacity. Window layers read the
SWA half of the pool this runner owns.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class SparseDecodeMetadata:
    heavy_token_num: int = 256
    seq_lens: Optional[torch.Tensor] = None
    selected_loc: Optional[torch.Tensor] = None
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 4096,
        heavy_token_num: int = 256,
        sparse_decode_threshold: int = 4096,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.heavy_token_num = heavy_token_num
        self.sparse_decode_threshold = sparse_decode_threshold
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.swa_cache: Optional[BaseSWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, BaseSWAKVPool) else None
        )
        self.forward_metadata: Optional[SparseDecodeMetadata] = None
        self._graph_selected: Optional[torch.Tensor] = None

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(kv_cache={type(self.kv_cache).__name__}, "
            f"swa={self.swa_cache is not None}, heavy={self.heavy_token_num})"
        )

    # ------------------------------------------------------------------
    def _max_graph_tokens(self, max_num_tokens: int) -> int:
        capacity = int(self.token_to_kv_pool_allocator.size)
        return min(max_num_tokens, capacity) if capacity > 0 else max_num_tokens

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = SparseDecodeMetadata(
            heavy_token_num=self.heavy_token_num,
            seq_lens=forward_batch.seq_lens,
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        n = self._max_graph_tokens(max_num_tokens)
        self._graph_selected = torch.zeros(
            max_bs, min(self.heavy_token_num, n), dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = SparseDecodeMetadata(
            heavy_token_num=self.heavy_token_num, selected_loc=self._graph_selected[:bs]
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
        self._graph_selected[:bs].zero_()

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _use_sparse(self, seq_lens: Optional[torch.Tensor]) -> bool:
        return seq_lens is not None and int(seq_lens.max()) > self.sparse_decode_threshold

    def _locate(self, sliding_window_size: int, loc: torch.Tensor):
        if sliding_window_size > 0 and self.swa_cache is not None:
            return self.swa_cache, self.swa_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        return self._locate(self.sliding_window_size, loc)

    # ------------------------------------------------------------------
    # Speculative verify hooks
    # ------------------------------------------------------------------
    def get_verify_buffers_to_fill_after_draft(self):
        """Buffers the verify step expects to be filled after drafting (none here)."""
        return [None, None]

    def update_verify_buffers_to_fill_after_draft(self, spec_info, cuda_graph_bs: Optional[int]):
        # Decode metadata is rebuilt every step, so nothing to refresh for verify.
        pass

    def support_triton(self) -> bool:
        return False
