"""Decode backend selecting its step function from a mode tuple via ``itemgetter``."""

from __future__ import annotations

import logging
import operator
from typing import Any, Callable, Tuple

import torch

logger = logging.getLogger(__name__)

_FULL, _WINDOW = 0, 1


class GeneratedAttnBackend:
    """Decode backend; mode 1 reads through the sliding-window mapping."""

    def __init__(self, model_runner, attn_logit_softcapping: float = 0.0):
        self.softcap = attn_logit_softcapping
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        mode = _WINDOW if hasattr(self.allocator, "translate_loc_from_full_to_swa") else _FULL
        steps: Tuple[Callable[[torch.Tensor], Tuple[Any, torch.Tensor]], ...] = (
            self._full_step,
            self._window_step,
        )
        self._step = operator.itemgetter(mode)(steps)
        logger.debug("decode mode=%d softcap=%.1f", mode, self.softcap)

    def _full_step(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.kv_pool, loc

    def _window_step(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        pool = self.kv_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self._step(loc)
