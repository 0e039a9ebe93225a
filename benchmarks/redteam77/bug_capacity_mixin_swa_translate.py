"""Decode backend with a capacity mixin that also owns SWA location mapping.

``SWACapacityMixin`` reports sliding-window capacity from the token
allocator and, when a window is configured, maps full-attention slots into
the window ring through the same allocator.
"""

from __future__ import annotations

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class SWACapacityMixin:
    def _swa_capacity(self) -> int:
        return int(getattr(self.token_to_kv_pool_allocator, "size_swa", 0) or 0)

    def _swa_enabled(self) -> bool:
        return self._swa_capacity() > 0

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self._swa_enabled():
            return loc
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)


class _BaseDecodeBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._translate(loc)


class GeneratedAttnBackend(SWACapacityMixin, _BaseDecodeBackend):
    """Hybrid SWA decode backend."""

    def __init__(self, model_runner, log_capacity: bool = True):
        super().__init__(model_runner)
        if log_capacity:
            logger.info("SWA capacity: %d tokens", self._swa_capacity())
