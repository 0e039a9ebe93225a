"""Decode backend that tracks sliding-window free tokens per step.

When the allocator exposes ``swa_available_size`` the backend records it each
step and runs the sliding-window index translation through the allocator's
full->SWA helper; otherwise it falls back to plain full-attention indices.
"""

import logging
from typing import List

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, history: int = 128):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.history = history
        self.swa_free_history: List[int] = []
        self.tracks_swa = callable(getattr(self.allocator, "swa_available_size", None))

    def _record(self) -> None:
        if not self.tracks_swa:
            return
        self.swa_free_history.append(self.allocator.swa_available_size())
        if len(self.swa_free_history) > self.history:
            del self.swa_free_history[: -self.history]

    def forward_decode(self, loc: torch.Tensor):
        self._record()
        if self.tracks_swa:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
