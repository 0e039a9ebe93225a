"""Paged decode backend for Gemma-style interleaved sliding-window models.

The full -> sliding-window index remap is bound once as a closure so the hot
decode path is a single call with no attribute lookups.
"""

import logging
from typing import Callable

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        super().__init__()
        self.sliding_window_size = sliding_window_size
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        has_mapping = getattr(allocator, "full_to_swa_index_mapping", None) is not None
        self.remap: Callable[[torch.Tensor], torch.Tensor] = (
            (lambda loc, _alloc=allocator: _alloc.translate_loc_from_full_to_swa(loc))
            if has_mapping
            else _identity
        )
        logger.info(
            "window=%d remap=%s",
            sliding_window_size,
            "full->swa" if self.remap is not _identity else "identity",
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.remap(loc)
