"""Decode backend with an environment-gated dump of decode KV locations.

``SGLANG_DUMP_DECODE_KV_LOCS`` makes every decode step log the full-attention
locations, the locations actually read, and the allocator's own debug summary.
Intended for chasing KV corruption reports; disabled by default.
"""

import logging
import os
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


class GeneratedAttnBackend:
    def __init__(self, model_runner, dump_limit: int = 16):
        self.dump_enabled = _env_flag("SGLANG_DUMP_DECODE_KV_LOCS")
        self.dump_limit = dump_limit
        self.is_draft_worker = model_runner.is_draft_worker
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.sliding_window_pool = self.pool if isinstance(self.pool, SWAKVPool) else None

    def _dump(self, full_loc: torch.Tensor, read_loc: torch.Tensor) -> None:
        logger.info(
            "[decode kv] draft=%s pool=%s full=%s read=%s | %s",
            self.is_draft_worker,
            type(self.pool).__name__,
            full_loc[: self.dump_limit].tolist(),
            read_loc[: self.dump_limit].tolist(),
            self.allocator.debug_print(),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.sliding_window_pool is not None:
            pool = self.sliding_window_pool
            read_loc = pool.translate_loc_from_full_to_swa(loc)
        else:
            pool, read_loc = self.pool, loc
        if self.dump_enabled:
            self._dump(loc, read_loc)
        return pool, read_loc
