"""AITER backend with the SWA pool taken from the shared token allocator.

Fork knob ``SGLANG_AITER_SWA_FROM_ALLOCATOR`` (default on) selects the hybrid
cache registered with the allocator, which is what the scheduler's
``swa_full_tokens_ratio`` sizing applies to. Turning it off restores the
active-pool lookup.
"""

from __future__ import annotations

import logging
import os
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _env_flag(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in ("1", "true", "yes", "on")


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_full_tokens_ratio = getattr(model_runner.server_args, "swa_full_tokens_ratio", 0.8)
        if _env_flag("SGLANG_AITER_SWA_FROM_ALLOCATOR", True):
            candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            candidate = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            candidate if isinstance(candidate, SWAKVPool) else None
        )
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        logger.info(
            "aiter: swa=%s ratio=%.2f", self.use_sliding_window_kv_pool, self.swa_full_tokens_ratio
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.use_sliding_window_kv_pool:
            swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_kv_pool, swa_page_table
        return self.token_to_kv_pool, loc
