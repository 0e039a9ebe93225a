"""Sliding-window KV pool resolution written as a ``match`` statement.

A hybrid active pool is used as-is. A draft worker that owns its own pool
(every speculative mode except frozen-KV MTP) never borrows the target's
cache. Other runners may fall back to the allocator's hybrid cache.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    shares_target_kv = model_runner.spec_algorithm.is_frozen_kv_mtp()
    match (model_runner.token_to_kv_pool, model_runner.is_draft_worker, shares_target_kv):
        case (SWAKVPool() as pool, _, _):
            return pool
        case (_, True, False):
            return None
        case _:
            match model_runner.token_to_kv_pool_allocator.get_kvcache():
                case SWAKVPool() as cache:
                    return cache
                case _:
                    return None


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid SWA models."""

    def __init__(self, model_runner, use_window: bool = True):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner) if use_window else None
        logger.debug("draft=%s swa=%s", model_runner.is_draft_worker, self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        match self.swa_pool:
            case SWAKVPool() as pool:
                return pool, pool.translate_loc_from_full_to_swa(loc)
            case _:
                return self.kv_pool, loc
