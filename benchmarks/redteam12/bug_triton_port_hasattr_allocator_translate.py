"""Triton attention backend port with split-KV decode buffers and an SWA translation switch."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

import torch

if TYPE_CHECKING:
    from sglang.srt.layers.radix_attention import RadixAttention
    from sglang.srt.model_executor.forward_batch_info import ForwardBatch

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
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    """Triton decode/extend backend (split-KV decode)."""

    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        server_args = model_runner.server_args
        self.max_kv_splits = getattr(server_args, "triton_attention_num_kv_splits", 8)
        self.split_tile_size = getattr(server_args, "triton_attention_split_tile_size", None)
        self.reduce_in_fp32 = getattr(server_args, "triton_attention_reduce_in_fp32", False)
        self.skip_prefill = skip_prefill

        cfg = model_runner.model_config
        self.num_head = getattr(cfg, "num_attention_heads", 1)
        self.num_kv_head = cfg.get_num_kv_heads(1) if hasattr(cfg, "get_num_kv_heads") else 1
        self.v_head_dim = getattr(cfg, "v_head_dim", getattr(cfg, "head_dim", 128))
        self.device = model_runner.device
        self.max_context_len = getattr(cfg, "context_len", 2048)
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)

        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid SWA models keep a second, smaller kv buffer for the windowed layers.
        self.use_sliding_window_kv_pool = hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.kv_indptr = (
            kv_indptr_buf
            if kv_indptr_buf is not None
            else torch.zeros((max_bs + 1,), dtype=torch.int32, device=self.device)
        )
        self.forward_metadata: Optional[TritonForwardMetadata] = None
        self.cuda_graph_state: dict = {}

    def get_num_kv_splits(self, seq_lens: torch.Tensor) -> torch.Tensor:
        splits = torch.clamp(seq_lens // 64 + 1, max=self.max_kv_splits)
        return splits.to(torch.int32)

    def init_forward_metadata(self, forward_batch: ForwardBatch):
        bs = forward_batch.batch_size
        kv_indptr = self.kv_indptr[: bs + 1]
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        kv_indices = torch.cat(
            [
                self.req_to_token[r, : int(s)]
                for r, s in zip(
                    forward_batch.req_pool_indices.tolist(), forward_batch.seq_lens.tolist()
                )
            ]
        )
        window = None
        if self.use_sliding_window_kv_pool:
            window = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = TritonForwardMetadata(
            num_kv_splits=self.get_num_kv_splits(forward_batch.seq_lens),
            kv_indptr=kv_indptr,
            kv_indices=kv_indices,
            window_kv_indices=window,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_state.update(max_bs=max_bs, max_num_tokens=max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.cuda_graph_state[("capture", bs)] = num_tokens

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
        self.cuda_graph_state[("replay", bs)] = seq_lens_sum

    def forward_extend(self, q, k, v, layer: RadixAttention, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return torch.empty_like(q)

    def forward_decode(self, loc: torch.Tensor):
        """Pool and slots one decode step reads (window layers read the SWA slots)."""
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
