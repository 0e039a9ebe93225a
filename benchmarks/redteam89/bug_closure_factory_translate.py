"""Decode backend whose location mapper is produced by a factory closure.

``make_loc_mapper`` captures everything the mapper needs at construction time, so the
per-step path is a single call.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Tuple

import torch

logger = logging.getLogger(__name__)

LocMapper = Callable[[torch.Tensor], torch.Tensor]


def make_loc_mapper(model_runner) -> LocMapper:
    """Build a ``full -> window`` location mapper for this runner's KV layout."""
    allocator = model_runner.token_to_kv_pool_allocator
    size_swa = getattr(allocator, "size_swa", None)
    if size_swa is None:
        return lambda loc: loc

    translate = allocator.translate_loc_from_full_to_swa

    def _mapper(loc: torch.Tensor) -> torch.Tensor:
        return translate(loc)

    logger.debug("window mapper enabled (swa slots=%d)", size_swa)
    return _mapper


class GeneratedAttnBackend:
    """Decode backend; reads the runner's own KV pool through a prebuilt mapper."""

    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.pool = model_runner.token_to_kv_pool
        self.map_loc = make_loc_mapper(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.pool, self.map_loc(loc)
