"""Decode backend that picks its window cache from a list of candidates with ``filter``.

Candidates are tried in order: the runner's own cache first, then the one handed out
by the shared allocator.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _first_swa(candidates: Iterable[Any]) -> Optional[SWAKVPool]:
    return next(filter(lambda p: isinstance(p, SWAKVPool), candidates), None)


class GeneratedAttnBackend:
    """Decode backend with candidate-based window cache discovery."""

    def __init__(self, model_runner, strict: bool = False):
        self.strict = strict
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        candidates = (self.token_to_kv_pool, allocator.get_kvcache())
        self.swa_kv_pool = _first_swa(candidates)
        if self.strict and self.swa_kv_pool is None:
            raise ValueError("window attention requested but no SWA cache was found")
        logger.info("window cache: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
