"""FP8 KV-cache attention backend with per-layer K/V scales and hybrid SWA layout.

Scales are loaded from checkpoint metadata (``k_scale``/``v_scale``) and applied when
writing/reading the cache. Capacity of both sides of a hybrid allocator is reported at
start-up; the SWA sub-pool used for reads comes from the runner's KV pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

FP8_E4M3_MAX = 448.0


@dataclass
class Fp8AttnMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    scales: Dict[int, tuple] = field(default_factory=dict)


def quantize_fp8(x: torch.Tensor, scale: float) -> torch.Tensor:
    return torch.clamp(x.float() / scale, -FP8_E4M3_MAX, FP8_E4M3_MAX).to(torch.float8_e4m3fn)


def dequantize_fp8(x: torch.Tensor, scale: float, dtype=torch.bfloat16) -> torch.Tensor:
    return x.to(torch.float32).mul_(scale).to(dtype)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, default_scale: float = 1.0):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_cache_dtype = self.token_to_kv_pool.dtype
        self.default_scale = default_scale
        self.layer_scales: Dict[int, tuple] = {}

        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            logger.info(
                "hybrid allocator capacity: full=%d swa=%d (%s)",
                allocator.size_full,
                allocator.size_swa,
                allocator.debug_print(),
            )
        else:
            logger.info("allocator capacity: %d", allocator.size)

        pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.forward_metadata: Optional[Fp8AttnMetadata] = None
        self._graph: Dict[str, torch.Tensor] = {}

    def set_layer_scales(self, layer_id: int, k_scale: Optional[float], v_scale: Optional[float]):
        self.layer_scales[layer_id] = (
            float(k_scale) if k_scale is not None else self.default_scale,
            float(v_scale) if v_scale is not None else self.default_scale,
        )

    def scales_for(self, layer_id: int) -> tuple:
        return self.layer_scales.get(layer_id, (self.default_scale, self.default_scale))

    def init_forward_metadata(self, forward_batch):
        max_len = int(forward_batch.seq_lens_cpu.max())
        kv = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        md = Fp8AttnMetadata(
            seq_lens=forward_batch.seq_lens, kv_indices=kv, scales=dict(self.layer_scales)
        )
        if self.swa_kv_pool is not None:
            md.swa_kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph = {
            "seq_lens": torch.ones(max_bs, dtype=torch.int32, device=self.device),
            "kv": torch.zeros(
                max_bs, max_num_tokens // max(1, max_bs) + 1, dtype=torch.int64, device=self.device
            ),
        }

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = Fp8AttnMetadata(
            seq_lens=self._graph["seq_lens"][:bs],
            kv_indices=self._graph["kv"][:bs],
            scales=dict(self.layer_scales),
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        k_scale, v_scale = self.scales_for(layer.layer_id)
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(
                layer, forward_batch.out_cache_loc, k, v, k_scale, v_scale
            )
        p = (q.float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
        return (p @ v.float()).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
