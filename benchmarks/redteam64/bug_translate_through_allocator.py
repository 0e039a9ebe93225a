"""Decode backend for hybrid SWA models with a free-slot capacity guard.

Full-to-window index translation goes through the token allocator, which owns the
index mapping it maintains on every alloc/free.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, min_free_slots: int = 0):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.min_free_slots = min_free_slots

        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.allocator, "translate_loc_from_full_to_swa", None
        )
        logger.info(
            "decode backend ready: pool=%s windowed=%s free=%d",
            type(self.kv_pool).__name__,
            self._translate is not None,
            self.allocator.available_size(),
        )

    def _guard_capacity(self) -> None:
        if self.allocator.available_size() < self.min_free_slots:
            raise RuntimeError(f"KV cache below reserve: {self.allocator.debug_print()}")

    def forward_decode(self, loc: torch.Tensor):
        self._guard_capacity()
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
