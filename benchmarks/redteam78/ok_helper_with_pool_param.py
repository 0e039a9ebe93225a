"""Shared helpers for hybrid-window decode backends.

``translate_for_window`` takes the pool explicitly so callers decide which cache they
read. The backend also records a short allocator summary next to each step's metadata,
which the profiler dumps on request.
"""

from typing import List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def translate_for_window(pool: KVCache, full_loc: torch.Tensor) -> torch.Tensor:
    """Return ``full_loc`` in the coordinates of the buffer ``pool`` serves to window layers."""
    if isinstance(pool, SWAKVPool):
        return pool.translate_loc_from_full_to_swa(full_loc)
    return full_loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, keep_history: int = 8):
        super().__init__()
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.keep_history = keep_history
        self.step_notes: List[str] = []

    def _note(self, text: str) -> None:
        self.step_notes.append(text)
        del self.step_notes[: -self.keep_history]

    def forward_decode(self, loc: torch.Tensor, note: Optional[str] = None):
        self._note(note or self.allocator.debug_print())
        return self.pool, translate_for_window(self.pool, loc)
