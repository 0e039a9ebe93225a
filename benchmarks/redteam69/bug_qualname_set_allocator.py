"""Decode-side index preparation for hybrid full/sliding-window models.

Allocators that keep a separate sliding-window index space are recognised by
qualified class name so that out-of-tree allocators with the same layout
(registered under the same name) are picked up without an import.
"""

from typing import FrozenSet

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

_WINDOWED_ALLOCATORS: FrozenSet[str] = frozenset(
    {
        "SWATokenToKVPoolAllocator",
        "PureSWATokenToKVPoolAllocator",
    }
)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend that remaps full-attention slots into window slots."""

    def __init__(self, model_runner, enable_window_remap: bool = True):
        super().__init__()
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        qualname = self.allocator.__class__.__qualname__
        self.window_remap = enable_window_remap and qualname in _WINDOWED_ALLOCATORS

    def _remap(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.window_remap:
            return loc
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self._remap(loc).to(torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, kv_loc
