"""FlashInfer-style wrapper dispatch moved into a module function over the KV pool and the
model config; the backend exposes the allocator's free window slots as a metric."""

from __future__ import annotations

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class WrapperDispatch(enum.Enum):
    SINGLE = enum.auto()
    SLIDING_WINDOW = enum.auto()
    CROSS_ATTENTION = enum.auto()


def wrapper_dispatch_for(token_to_kv_pool, model_config) -> WrapperDispatch:
    if getattr(model_config, "is_encoder_decoder", False):
        return WrapperDispatch.CROSS_ATTENTION
    if isinstance(token_to_kv_pool, BaseSWAKVPool):
        return WrapperDispatch.SLIDING_WINDOW
    return WrapperDispatch.SINGLE


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.dispatch_reason = wrapper_dispatch_for(
            self.token_to_kv_pool, model_runner.model_config
        )
        self.num_wrappers = 1 if self.dispatch_reason is WrapperDispatch.SINGLE else 2
        logger.info(
            "flashinfer: %s wrapper(s), dispatch=%s, free window slots=%s",
            self.num_wrappers,
            self.dispatch_reason.name,
            self.swa_free_slots,
        )

    @property
    def swa_free_slots(self) -> Optional[int]:
        query = getattr(self.token_to_kv_pool_allocator, "swa_available_size", None)
        return query() if callable(query) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.dispatch_reason is WrapperDispatch.SLIDING_WINDOW:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
