"""Factory that picks the decode attention backend class for a model runner.

Hybrid models get the sliding-window backend; everything else uses the plain full-attention
backend. The choice is driven by the KV cache the runner actually reads from.
"""

from __future__ import annotations

import logging
from typing import Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FullDecodeAttnBackend:
    def __init__(self, model_runner, kv_pool: KVCache):
        self.device = model_runner.device
        self.kv_pool = kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class SWADecodeAttnBackend(FullDecodeAttnBackend):
    kv_pool: SWAKVPool

    def forward_decode(self, loc: torch.Tensor):
        swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, swa_loc


def select_decode_backend_cls(kv_pool: KVCache) -> Type[FullDecodeAttnBackend]:
    if isinstance(kv_pool, SWAKVPool):
        return SWADecodeAttnBackend
    return FullDecodeAttnBackend


def create_decode_attn_backend(model_runner) -> FullDecodeAttnBackend:
    kv_pool = model_runner.token_to_kv_pool
    backend_cls = select_decode_backend_cls(kv_pool)
    allocator = model_runner.token_to_kv_pool_allocator
    logger.info(
        "%s worker: using %s (allocator=%s)",
        "draft" if model_runner.is_draft_worker else "target",
        backend_cls.__name__,
        type(allocator).__name__,
    )
    return backend_cls(model_runner, kv_pool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._backend = create_decode_attn_backend(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self._backend.forward_decode(loc)
