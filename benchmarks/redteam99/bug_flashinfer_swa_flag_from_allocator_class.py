"""FlashInfer decode backend (fork copy of python/sglang/srt/layers/attention/flashinfer_backend.py).

Trimmed to the decode path we use for Gemma-style hybrid sliding-window models. The
sliding-window flag is computed once at construction time and reused by every
``forward_decode`` call so the per-step path does no type checks.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    use_sliding_window_kv_pool: bool = False


class GeneratedAttnBackend(AttentionBackend):
    """Decode-only FlashInfer wrapper used by our serving fork."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        # Local change: upstream resolves this per-call from the pool; we only run
        # hybrid SWA checkpoints with the SWA allocator, so checking it once is enough.
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.info(
            "FlashInfer decode backend: sliding_window_kv_pool=%s page_size=%d",
            self.use_sliding_window_kv_pool,
            self.page_size,
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.use_sliding_window_kv_pool:
            kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            kv_indices = loc
        self.forward_metadata = DecodeMetadata(
            kv_indices=kv_indices,
            use_sliding_window_kv_pool=self.use_sliding_window_kv_pool,
        )
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        metadata = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, metadata.kv_indices
