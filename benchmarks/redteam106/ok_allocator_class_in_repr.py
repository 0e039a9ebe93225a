"""Hybrid-SWA decode backend with a descriptive repr.

The repr names both the KV pool and the token allocator classes, which is handy when several
workers (target and draft) share one allocator and their backends are printed side by side.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode-only attention backend for models mixing full and sliding-window layers."""

    def __init__(self, model_runner, name: str = "hybrid_swa_decode"):
        self.name = name
        self.is_draft = model_runner.is_draft_worker
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.uses_swa = isinstance(self.token_to_kv_pool, SWAKVPool)
        logger.debug("constructed %r", self)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self.name!r}, draft={self.is_draft}, "
            f"pool={type(self.token_to_kv_pool).__name__}, "
            f"allocator={type(self.token_to_kv_pool_allocator).__name__}, "
            f"swa={self.uses_swa}, page_size={self.page_size})"
        )

    def _kv_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.uses_swa:
            return loc
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.token_to_kv_pool, self._kv_locations(loc)
