"""Composite backend that routes between a full-attention and a windowed child.

The window child only ever sees sliding-window layers; the full child handles
everything else. The composite owns no buffers of its own.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _FullAttnChild:
    def __init__(self, pool):
        self.pool = pool

    def decode_locations(self, loc: torch.Tensor):
        return self.pool, loc


class _WindowAttnChild:
    def __init__(self, swa_pool: SWAKVPool, window: int):
        self.swa_pool = swa_pool
        self.window = window

    def decode_locations(self, loc: torch.Tensor):
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    """Dispatches to the window child when the cache is hybrid."""

    def __init__(self, model_runner, sliding_window: int = 1024):
        self.full_child = _FullAttnChild(model_runner.token_to_kv_pool)
        self.window_child: Optional[_WindowAttnChild] = None
        shared_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared_cache, SWAKVPool):
            self.window_child = _WindowAttnChild(shared_cache, sliding_window)
        self.children = [c for c in (self.full_child, self.window_child) if c is not None]

    @staticmethod
    def child_kind(child) -> str:
        return "window" if isinstance(child, _WindowAttnChild) else "full"

    def _primary(self):
        return self.window_child if self.window_child is not None else self.full_child

    def forward_decode(self, loc: torch.Tensor):
        return self._primary().decode_locations(loc)
