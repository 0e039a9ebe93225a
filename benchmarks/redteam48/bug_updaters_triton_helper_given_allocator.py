"""Triton-style decode backend whose window helper is handed the allocator."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(
    kv_indices: torch.Tensor, token_to_kv_pool_allocator, sliding_window_size=None
) -> torch.Tensor:
    """Return the window-pool slots for ``kv_indices``."""
    if sliding_window_size is not None and kv_indices.numel() > sliding_window_size:
        kv_indices = kv_indices[-sliding_window_size:]
    window_kv_indices = kv_indices.clone()
    if isinstance(token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
        n = window_kv_indices.numel()
        window_kv_indices[:n] = token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
            window_kv_indices[:n]
        )
    return window_kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        self.num_kv_splits = 8

    def get_num_kv_splits(self, n: int) -> int:
        return max(1, min(self.num_kv_splits, n))

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        logger.debug(
            "decode: %d tokens, %d splits", loc.numel(), self.get_num_kv_splits(loc.numel())
        )
        return update_sliding_window_buffer(
            loc, self.token_to_kv_pool_allocator, self.sliding_window_size
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
