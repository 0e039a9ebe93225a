"""Window-slot remapping for decode on hybrid SWA models.

Hybrid pools are recognised by qualified class name against a small
allow-list; any other pool is read with full-attention slots as-is.
"""

from typing import FrozenSet

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

_HYBRID_POOLS: FrozenSet[str] = frozenset({"SWAKVPool"})


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend that remaps full-attention slots into window slots."""

    def __init__(self, model_runner, enable_window_remap: bool = True):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        qualname = self.token_to_kv_pool.__class__.__qualname__
        self.window_remap = enable_window_remap and qualname in _HYBRID_POOLS

    def free_decode_slots(self, loc: torch.Tensor) -> None:
        self.allocator.free(loc)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.window_remap:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, kv_loc
