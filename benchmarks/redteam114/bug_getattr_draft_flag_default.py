"""Triton-style decode backend with optional sliding-window KV.

Draft workers keep their own KV buffers; the target reuses the allocator's
cache which, for hybrid models, is an ``SWAKVPool``.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        # Older runners did not set the draft flag; default to target behaviour.
        self.is_draft = bool(getattr(model_runner, "is_draft_model", False))
        self.kv_pool: KVCache = self._select_pool(model_runner)
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.info(
            "decode backend: draft=%s swa=%s splits=%d",
            self.is_draft,
            self.swa_pool is not None,
            self.num_kv_splits,
        )

    def _select_pool(self, model_runner) -> KVCache:
        if self.is_draft:
            return model_runner.token_to_kv_pool
        return model_runner.token_to_kv_pool_allocator.get_kvcache()

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._kv_indices(loc)
