"""Decode backend with a switchable KV source for bring-up on new hardware.

``SGLANG_SWA_KV_SOURCE`` selects where the hybrid pool handle comes from:
``allocator`` (default, matches the scheduler's view) or ``runner``.
"""

import logging
import os
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_SOURCES = ("allocator", "runner")


def _kv_source() -> str:
    src = os.environ.get("SGLANG_SWA_KV_SOURCE", "allocator").strip().lower()
    if src not in _SOURCES:
        logger.warning("unknown SGLANG_SWA_KV_SOURCE=%r, using 'allocator'", src)
        src = "allocator"
    return src


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_source: str = None):
        self.kv_source = kv_source or _kv_source()
        self.runner_pool: KVCache = model_runner.token_to_kv_pool
        if self.kv_source == "allocator":
            self.pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.pool = self.runner_pool
        self.is_hybrid = isinstance(self.pool, SWAKVPool)
        self.use_int32_loc = model_runner.device != "cpu"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if not self.is_hybrid:
            return self.runner_pool, loc
        out = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, out.to(torch.int32) if self.use_int32_loc else out
