"""Add hybrid SWA support to the torch-native decode backend.

Models such as GPT-OSS and Gemma-3 interleave sliding-window and full layers;
their KV slots need translating into the SWA sub-pool before the gather.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """SDPA-based decode backend used for CPU and debugging runs."""

    def __init__(self, model_runner, scaling: Optional[float] = None):
        super().__init__()
        self.device = model_runner.device
        self.scaling = scaling
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        if self.is_hybrid_swa:
            logger.info("torch-native backend: hybrid SWA KV cache enabled")

    def init_forward_metadata(self, forward_batch):
        pass

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._decode_indices(loc)
