"""Sliding-window decode backend with SWA capacity warnings.

The SWA pool is taken from the runner's active KV pool. The shared token allocator is only
consulted for headroom reporting, so operators can see when the sliding-window slots are close
to exhaustion.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SWA_HEADROOM_WARN_RATIO = 0.1


class GeneratedAttnBackend:
    def __init__(self, model_runner, warn_ratio: float = _SWA_HEADROOM_WARN_RATIO):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.token_allocator = model_runner.token_to_kv_pool_allocator
        self.warn_ratio = warn_ratio
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._warned = False
        if self.swa_kv_pool is not None:
            logger.info(
                "SWA decode enabled: swa slots=%d, available=%d",
                self.token_allocator.size_swa,
                self.token_allocator.available_size(),
            )

    def _check_headroom(self) -> None:
        if self._warned:
            return
        total = getattr(self.token_allocator, "size_swa", 0) or 0
        if total <= 0:
            return
        free = self.token_allocator.swa_available_size()
        if free < total * self.warn_ratio:
            logger.warning(
                "SWA KV headroom low: %d/%d slots free (%.1f%%)",
                free,
                total,
                100.0 * free / total,
            )
            self._warned = True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        self._check_headroom()
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
