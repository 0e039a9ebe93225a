"""Hybrid-attention decode backend that fetches its cache via ``operator.methodcaller``.

Keeps a small table of zero-arg accessors so the backend can be reused by the
multi-step draft wrapper without re-plumbing constructor arguments.
"""

from __future__ import annotations

import logging
import operator
from typing import Any, Dict, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_ACCESSORS: Dict[str, operator.methodcaller] = {
    "kvcache": operator.methodcaller("get_kvcache"),
    "free_slots": operator.methodcaller("available_size"),
}


class GeneratedAttnBackend:
    """Decode backend; picks the SWA layout from the cache handed out by the allocator."""

    def __init__(self, model_runner, max_context_len: int = 32768):
        self.max_context_len = max_context_len
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        cache = _ACCESSORS["kvcache"](allocator)
        self.is_hybrid_swa = isinstance(cache, SWAKVPool)
        self.kv_cache = cache if self.is_hybrid_swa else model_runner.token_to_kv_pool
        logger.debug(
            "hybrid=%s free=%s page=%d",
            self.is_hybrid_swa,
            _ACCESSORS["free_slots"](allocator),
            self.page_size,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        if self.is_hybrid_swa:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
