"""Decode backend for hybrid sliding-window models with a reusable index helper.

``_window_loc`` converts full-cache token indices into the SWA buffer's coordinates; it is
shared with the prefill path, which only has the allocator at hand. Each decode step also
claims a scratch slot for padded batch entries and returns it afterwards.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _window_loc(allocator: BaseTokenToKVPoolAllocator, full_loc: torch.Tensor) -> torch.Tensor:
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        return allocator.translate_loc_from_full_to_swa(full_loc)
    return full_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc: torch.Tensor):
        allocator = self.token_to_kv_pool_allocator
        scratch = allocator.alloc(1)
        if scratch is None:
            logger.warning("decode: no scratch slot (%s)", allocator.debug_print())
        kernel_loc = _window_loc(allocator, loc)
        if scratch is not None:
            allocator.free(scratch)
        return self.token_to_kv_pool, kernel_loc
