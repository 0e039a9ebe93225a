"""Decode backend whose KV reader is produced by a factory closure.

``make_kv_reader`` captures the pool the runner owns and returns a callable producing
``(pool, locations)`` for one decode step.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

KVReader = Callable[[torch.Tensor], Tuple[Any, torch.Tensor]]


def make_kv_reader(model_runner) -> KVReader:
    """Build the per-step KV reader for this runner's cache layout."""
    pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    if not isinstance(pool, SWAKVPool):

        def _full_reader(loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
            return pool, loc

        return _full_reader

    translate = pool.translate_loc_from_full_to_swa
    logger.debug("window reader enabled (swa slots=%d)", allocator.size_swa)

    def _window_reader(loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return pool, translate(loc)

    return _window_reader


class GeneratedAttnBackend:
    """Decode backend using a prebuilt KV reader."""

    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.read_kv = make_kv_reader(model_runner)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.read_kv(loc)
