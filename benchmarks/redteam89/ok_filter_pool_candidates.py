"""Decode backend that discovers its window cache with ``filter`` over its own pools.

Candidates are the runner's pool and, for hybrid pools, its full/window sub-views; the
allocator's cache is only compared for a diagnostic message.
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
        own = self.token_to_kv_pool
        candidates = filter(None, (own, getattr(own, "swa_kv_pool", None)))
        self.swa_kv_pool = _first_swa(candidates)
        shared = allocator.get_kvcache() is own
        logger.info(
            "window cache: %s (shares allocator cache: %s)", self.swa_kv_pool is not None, shared
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
