"""Intel GPU (XPU) flash-decode backend with optional sliding-window slot remap.

Rather than importing the hybrid pool type, the backend probes the pool it reads for
a full->SWA remap method; pools without one are treated as full-attention only.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class FlashDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    block_table: Optional[torch.Tensor] = None
    num_splits: int = 0
    window_left: int = -1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096, num_splits: int = 0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.num_splits = num_splits
        self.sliding_window_size = sliding_window_size

        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.kv_pool, "translate_loc_from_full_to_swa", None
        )
        self.forward_metadata: Optional[FlashDecodeMetadata] = None
        self._graph_block_table: Optional[torch.Tensor] = None
        self._graph_seq_lens: Optional[torch.Tensor] = None

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        max_len = int(forward_batch.seq_lens.max()) if bs else 0
        pages = (max_len + self.page_size - 1) // self.page_size
        self.forward_metadata = FlashDecodeMetadata(
            seq_lens=forward_batch.seq_lens.to(torch.int32),
            block_table=torch.zeros(bs, pages, dtype=torch.int32, device=self.device),
            num_splits=self.num_splits,
            window_left=self.sliding_window_size - 1,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self._graph_block_table = torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device)
        self._graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = FlashDecodeMetadata(
            seq_lens=self._graph_seq_lens[:bs],
            block_table=self._graph_block_table[:bs],
            num_splits=self.num_splits,
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
        self._graph_seq_lens[:bs].copy_(seq_lens[:bs].to(torch.int32))

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def release_graph_slots(self, slots: torch.Tensor) -> None:
        """Return padding slots reserved during capture to the allocator."""
        if slots.numel():
            self.token_to_kv_pool_allocator.free(slots)

    def _window_applies(self, sliding_window_size: Optional[int]) -> bool:
        return sliding_window_size is not None and sliding_window_size > 0

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        if save_kv_cache:
            self.kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        if self._window_applies(self.sliding_window_size) and self._to_swa is not None:
            return self.kv_pool, self._to_swa(loc)
        return self.kv_pool, loc

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
