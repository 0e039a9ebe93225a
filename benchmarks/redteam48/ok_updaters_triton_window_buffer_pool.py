"""Triton-style decode backend with a module-level sliding-window buffer helper."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(
    window_kv_indices: torch.Tensor,
    kv_indices: torch.Tensor,
    token_to_kv_pool,
    sliding_window_size=None,
):
    """Fill ``window_kv_indices`` with the SWA-pool slots of ``kv_indices``."""
    n = kv_indices.numel()
    if sliding_window_size is not None and sliding_window_size < n:
        kv_indices = kv_indices[n - sliding_window_size :]
        n = sliding_window_size
    window_kv_indices[:n] = kv_indices
    if isinstance(token_to_kv_pool, SWAKVPool):
        window_kv_indices[:n] = token_to_kv_pool.translate_loc_from_full_to_swa(
            window_kv_indices[:n]
        )
    return window_kv_indices[:n]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        max_bs = getattr(model_runner, "max_running_requests", None) or 16
        self.window_kv_indices = torch.zeros(max_bs * 64, dtype=torch.int64)
        self.num_updates = 0

    def _ensure_capacity(self, n: int):
        if n > self.window_kv_indices.numel():
            logger.debug("growing window buffer %d -> %d", self.window_kv_indices.numel(), n)
            self.window_kv_indices = torch.zeros(n, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        self._ensure_capacity(loc.numel())
        self.num_updates += 1
        return update_sliding_window_buffer(
            self.window_kv_indices,
            loc,
            self.token_to_kv_pool,
            sliding_window_size=self.sliding_window_size,
        ).clone()

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
