"""Triton-style attention backend with FP8 KV cache scaling.

K/V scales are read per layer from the KV cache; for hybrid sliding-window models the
SWA layers use the full->SWA index translation registered on the cache.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_FP8_DTYPES = (torch.float8_e4m3fn, torch.float8_e5m2)


@dataclass
class TritonFp8DecodeMetadata:
    attn_logits: Optional[torch.Tensor] = None
    attn_lse: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    num_kv_splits: Optional[torch.Tensor] = None


def _env_int(name: str, default: int) -> int:
    try:
        return int(os.environ.get(name, default))
    except ValueError:
        return default


def dequant_fp8(x: torch.Tensor, scale: float, out_dtype=torch.bfloat16) -> torch.Tensor:
    if x.dtype in _FP8_DTYPES or x.dtype == torch.uint8:
        return x.to(out_dtype) * scale
    return x


class GeneratedAttnBackend(AttentionBackend):
    """Decode via split-KV kernel; extend via a dense fallback."""

    def __init__(self, model_runner, max_kv_splits: Optional[int] = None):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.max_kv_splits = max_kv_splits or _env_int("SGLANG_TRITON_MAX_KV_SPLITS", 8)

        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator hands back the cache it was built over; use it so the scale
        # buffers and the index mapping come from one place.
        self.kv_cache: KVCache = allocator.get_kvcache()
        self.kv_cache_dtype = self.kv_cache.dtype
        self.is_fp8_kv = self.kv_cache_dtype in _FP8_DTYPES
        self.k_scales: Dict[int, float] = {}
        self.v_scales: Dict[int, float] = {}
        self.sliding_window_enabled = isinstance(self.kv_cache, SWAKVPool)

        self.forward_metadata: Optional[TritonFp8DecodeMetadata] = None
        self.cuda_graph_attn_logits: Optional[torch.Tensor] = None
        logger.debug(
            "TritonFp8 backend: kv dtype=%s fp8=%s swa=%s splits=%d",
            self.kv_cache_dtype,
            self.is_fp8_kv,
            self.sliding_window_enabled,
            self.max_kv_splits,
        )

    def register_layer_scales(self, layer_id: int, k_scale: float, v_scale: float) -> None:
        self.k_scales[layer_id] = float(k_scale)
        self.v_scales[layer_id] = float(v_scale)

    def _scales(self, layer_id: int) -> Tuple[float, float]:
        return self.k_scales.get(layer_id, 1.0), self.v_scales.get(layer_id, 1.0)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        kv_indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        kv_indices = torch.empty(int(kv_indptr[-1]), dtype=torch.int64, device=self.device)
        offset = 0
        for i in range(bs):
            n = int(forward_batch.seq_lens_cpu[i])
            row = forward_batch.req_pool_indices[i]
            kv_indices[offset : offset + n] = self.req_to_token_pool.req_to_token[row, :n]
            offset += n
        metadata = TritonFp8DecodeMetadata(
            kv_indptr=kv_indptr,
            kv_indices=kv_indices,
            num_kv_splits=torch.full((bs,), self.max_kv_splits, dtype=torch.int32),
        )
        if self.sliding_window_enabled:
            metadata.swa_kv_indices = self.kv_cache.translate_loc_from_full_to_swa(kv_indices)
        self.forward_metadata = metadata

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_attn_logits = torch.zeros(
            (max_bs, 32, self.max_kv_splits, 128), dtype=torch.float32, device=self.device
        )
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = TritonFp8DecodeMetadata(
            attn_logits=self.cuda_graph_attn_logits[:bs],
            kv_indptr=torch.zeros(bs + 1, dtype=torch.int32, device=self.device),
            kv_indices=self.cuda_graph_kv_indices,
            num_kv_splits=torch.full((bs,), self.max_kv_splits, dtype=torch.int32),
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            k_scale, v_scale = self._scales(layer.layer_id)
            self.kv_cache.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v, k_scale, v_scale)
        attn = torch.softmax(q.float() @ k.float().transpose(-1, -2), dim=-1)
        return (attn @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.sliding_window_enabled:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
