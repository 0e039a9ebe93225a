"""Triton-style decode backend with a low-memory warning.

Before each decode step the backend checks how many KV slots the allocator still has and
logs once when the headroom drops under a threshold. Window layers index the SWA buffers
through the hybrid pool's registered index mapping.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_LOW_HEADROOM_TOKENS = 16


class GeneratedAttnBackend(AttentionBackend):
    """Decode-only backend used by the hybrid-window models."""

    def __init__(self, model_runner, low_headroom_tokens: int = _LOW_HEADROOM_TOKENS):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.low_headroom_tokens = low_headroom_tokens
        self._warned_low_headroom = False
        self.is_hybrid_swa = isinstance(self.kv_pool, SWAKVPool)

    def _check_headroom(self, num_tokens: int) -> None:
        free_tokens = self.allocator.available_size()
        if free_tokens - num_tokens < self.low_headroom_tokens and not self._warned_low_headroom:
            logger.warning(
                "KV headroom is low: %d free tokens, %d requested this step",
                free_tokens,
                num_tokens,
            )
            self._warned_low_headroom = True

    def forward_decode(self, loc: torch.Tensor):
        self._check_headroom(loc.numel())
        if not self.is_hybrid_swa:
            return self.kv_pool, loc
        mapping = self.kv_pool.full_to_swa_index_mapping
        return self.kv_pool, mapping[loc]
