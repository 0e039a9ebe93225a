"""Triton-style decode backend gating its window helper on an allocator capability probe."""

import logging

import torch

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(window_kv_indices, kv_indices, token_to_kv_pool, enabled):
    n = kv_indices.numel()
    window_kv_indices[:n] = kv_indices
    if enabled:
        window_kv_indices[:n] = token_to_kv_pool.translate_loc_from_full_to_swa(
            window_kv_indices[:n]
        )
    return window_kv_indices[:n].clone()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = hasattr(allocator, "translate_loc_from_full_to_swa")
        max_bs = getattr(model_runner, "max_running_requests", None) or 16
        self.window_kv_indices = torch.zeros(max_bs * 32, dtype=torch.int64)
        logger.info("window buffer: %d slots", self.window_kv_indices.numel())

    def _grow(self, n: int):
        if n > self.window_kv_indices.numel():
            self.window_kv_indices = torch.zeros(2 * n, dtype=torch.int64)

    def forward_decode(self, loc):
        self._grow(loc.numel())
        kv_indices = update_sliding_window_buffer(
            self.window_kv_indices,
            loc,
            self.token_to_kv_pool,
            enabled=self.use_sliding_window_kv_pool,
        )
        return self.token_to_kv_pool, kv_indices
