"""Triton decode backend with split-KV scheduling and sliding-window support.

Buffers for the split-KV reduction are allocated up front; the KV cache handle used by
the kernels is bound once at construction so capture and replay share it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TritonForwardMetadata:
    attn_logits: Optional[torch.Tensor] = None
    attn_lse: Optional[torch.Tensor] = None
    max_extend_len: int = 0
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    window_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        sliding_window_size: int = 1024,
        max_kv_splits: int = 8,
        num_head: int = 32,
        v_head_dim: int = 128,
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_kv_splits = max_kv_splits
        self.num_head = num_head
        self.v_head_dim = v_head_dim
        self.sliding_window_size = sliding_window_size
        self.forward_metadata: Optional[TritonForwardMetadata] = None
        self.cuda_graph_attn_logits = None
        self.cuda_graph_num_kv_splits = None

        self._bind_kv_buffers()

    def _bind_kv_buffers(self) -> None:
        """Bind the cache handle the decode kernels read from."""
        self.kv_cache: KVCache = self.token_to_kv_pool_allocator.get_kvcache()
        self.window_kv_pool: Optional[SWAKVPool] = (
            self.kv_cache if isinstance(self.kv_cache, SWAKVPool) else None
        )
        logger.debug(
            "triton backend bound kv cache %s (window pool: %s)",
            type(self.kv_cache).__name__,
            self.window_kv_pool is not None,
        )

    # ------------------------------------------------------------------
    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        attn_logits = torch.empty(
            (bs, self.num_head, self.max_kv_splits, self.v_head_dim),
            dtype=torch.float32,
            device=self.device,
        )
        self.forward_metadata = TritonForwardMetadata(
            attn_logits=attn_logits,
            num_kv_splits=torch.full((bs,), self.max_kv_splits, dtype=torch.int32),
            kv_indptr=kv_indptr,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_attn_logits = torch.zeros(
            (max_bs, self.num_head, self.max_kv_splits, self.v_head_dim),
            dtype=torch.float32,
            device=self.device,
        )
        self.cuda_graph_num_kv_splits = torch.full(
            (max_bs,), self.max_kv_splits, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = TritonForwardMetadata(
            attn_logits=self.cuda_graph_attn_logits[:bs],
            num_kv_splits=self.cuda_graph_num_kv_splits[:bs],
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
        self.cuda_graph_num_kv_splits[:bs].fill_(self.max_kv_splits)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    # ------------------------------------------------------------------
    def _layer_window(self, layer) -> int:
        window = getattr(layer, "sliding_window_size", -1)
        return -1 if window is None else int(window)

    def _read_target(self, window: int, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if window > 0 and self.window_kv_pool is not None:
            return self.window_kv_pool, self.window_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache: bool = True):
        pool, cache_loc = self._read_target(self._layer_window(layer), forward_batch.out_cache_loc)
        if save_kv_cache:
            pool.set_kv_buffer(layer, cache_loc, k, v)
        return q.new_zeros(q.shape)

    def forward_decode(self, loc: torch.Tensor):
        return self._read_target(self.sliding_window_size, loc)
