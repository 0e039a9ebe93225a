"""Ascend NPU attention backend (decode path).

torch_npu exposes fused paged attention; elsewhere we run the reference torch
implementation. Either way the buffers come from the runner's own KV pool, and hybrid
window layers read through its SWA index remap.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_npu() -> bool:
    return hasattr(torch, "npu") and torch.npu.is_available()


def _reference_paged_decode(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    attn = torch.softmax((q * q.shape[-1] ** -0.5) @ k.transpose(-1, -2), dim=-1)
    return attn @ v


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_fused_infer_attention: bool = True):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.use_fused = enable_fused_infer_attention and _is_npu()
        if self.use_fused:
            self.decode_impl = torch.ops.npu.npu_fused_infer_attention_score
        else:
            self.decode_impl = _reference_paged_decode

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "ascend attn init: fused=%s swa=%s allocator=%s",
            self.use_fused,
            self.is_swa,
            type(allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.is_swa:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
