"""IPEX paged-attention backend for Intel CPUs.

``SGLANG_CPU_PAGED_ATTN`` (default on) routes decode through the IPEX
``single_query_cached_kv_attention`` op, which wants window-local slot ids; with it
off, the backend uses torch SDPA over the gathered full cache and the remap is skipped
unless the pool itself exposes a window view.
"""

import logging
import os
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def _paged_attn_enabled() -> bool:
    return os.environ.get("SGLANG_CPU_PAGED_ATTN", "1") not in ("0", "false", "False")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_threads: int = 0):
        super().__init__()
        self.num_threads = num_threads or torch.get_num_threads()
        self.paged = _paged_attn_enabled()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        if self.paged:
            self.window_remap = type(self.allocator).__name__.startswith("SWA")
        else:
            self.window_remap = hasattr(self.kv_pool, "translate_loc_from_full_to_swa")
        logger.info(
            "ipex attn: paged=%s threads=%d window_remap=%s",
            self.paged,
            self.num_threads,
            self.window_remap,
        )

    def _slot_ids(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.window_remap:
            return loc
        if self.paged:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._slot_ids(loc)
