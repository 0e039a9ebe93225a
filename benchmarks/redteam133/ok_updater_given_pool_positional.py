"""Decode backend with a separate indices updater.

The updater is built from the KV pool this backend's kernels read from; hybrid models use
the SWA sub-pool's own slot mapping for sliding-window layers.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DecodeIndicesUpdater:
    """Computes per-step KV locations for the decode kernel."""

    def __init__(self, token_to_kv_pool, page_size: int = 1):
        self.token_to_kv_pool = token_to_kv_pool
        self.page_size = page_size
        self.swa_pool: Optional[SWAKVPool] = (
            token_to_kv_pool if isinstance(token_to_kv_pool, SWAKVPool) else None
        )

    def update(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return out_cache_loc
        return self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.indices_updater_decode = DecodeIndicesUpdater(
            model_runner.token_to_kv_pool, model_runner.page_size
        )
        logger.debug(
            "decode updater ready (sliding_window=%s)",
            self.indices_updater_decode.swa_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        updater = self.indices_updater_decode
        return updater.token_to_kv_pool, updater.update(loc)
