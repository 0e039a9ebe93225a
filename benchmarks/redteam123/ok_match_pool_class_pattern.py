"""Decode addressing for the windowed triton backend, dispatched on the pool type.

Each worker reads the KV buffers it was constructed with; the hybrid pool carries
its own full->window table, so translation goes through that pool.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DecodeKVView:
    pool: KVCache
    windowed: bool


def build_view(pool: KVCache) -> DecodeKVView:
    match pool:
        case SWAKVPool():
            return DecodeKVView(pool=pool, windowed=True)
        case MHATokenToKVPool():
            return DecodeKVView(pool=pool, windowed=False)
        case _:
            logger.warning("unrecognised KV pool %s; using full indices", type(pool).__name__)
            return DecodeKVView(pool=pool, windowed=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.view = build_view(model_runner.token_to_kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "windowed triton: windowed=%s free_slots=%d",
            self.view.windowed,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        view = self.view
        match view:
            case DecodeKVView(pool=pool, windowed=True):
                return pool, pool.translate_loc_from_full_to_swa(loc)
            case DecodeKVView(pool=pool):
                return pool, loc
