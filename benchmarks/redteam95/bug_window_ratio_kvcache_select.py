"""Sliding-window decode backend that sizes its window metadata by capacity ratio.

Hybrid models keep a smaller sliding-window buffer next to the full-attention buffer.
The ratio between the two is used to size the translated-index scratch buffer and to
pick the cache the decode kernels read from.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MIN_SCRATCH_TOKENS = 64


def _window_fraction(allocator) -> float:
    full = getattr(allocator, "size_full", None) or allocator.size
    window = getattr(allocator, "size_swa", full)
    if not full:
        return 1.0
    return min(1.0, window / full)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, scratch_scale: float = 1.25):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        self.device = model_runner.device
        self.window_fraction = _window_fraction(allocator)
        self.scratch_tokens = max(
            _MIN_SCRATCH_TOKENS, int(allocator.size * self.window_fraction * scratch_scale)
        )
        self.swa_pool: Optional[SWAKVPool] = None
        if self.window_fraction < 1.0:
            self.swa_pool = allocator.get_kvcache()
        self.kv_pool = model_runner.token_to_kv_pool
        self.loc_scratch = torch.empty(self.scratch_tokens, dtype=torch.int64)
        logger.info(
            "window fraction %.3f, scratch tokens %d", self.window_fraction, self.scratch_tokens
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        n = loc.numel()
        out = self.loc_scratch[:n] if n <= self.scratch_tokens else torch.empty_like(loc)
        out.copy_(self.swa_pool.translate_loc_from_full_to_swa(loc))
        return self.swa_pool, out
