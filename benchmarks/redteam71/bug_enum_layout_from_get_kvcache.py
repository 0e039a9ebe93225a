"""Enum-keyed decode dispatch for the FlashInfer-lite backend."""

from __future__ import annotations

import enum
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = enum.auto()
    HYBRID_SWA = enum.auto()

    @classmethod
    def detect(cls, allocator) -> "KVLayout":
        return cls.HYBRID_SWA if isinstance(allocator.get_kvcache(), SWAKVPool) else cls.FULL


class GeneratedAttnBackend:
    """Dispatches decode by ``KVLayout``; handlers live in ``_DECODE_HANDLERS``."""

    _DECODE_HANDLERS = {
        KVLayout.FULL: "_decode_full",
        KVLayout.HYBRID_SWA: "_decode_hybrid_swa",
    }

    def __init__(self, model_runner, kv_layout: KVLayout = None):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_layout = kv_layout or KVLayout.detect(model_runner.token_to_kv_pool_allocator)
        self._handler = getattr(self, self._DECODE_HANDLERS[self.kv_layout])
        logger.debug("decode layout: %s", self.kv_layout.name)

    def _decode_full(self, loc: torch.Tensor):
        return self.token_to_kv_pool, loc

    def _decode_hybrid_swa(self, loc: torch.Tensor):
        pool = self.token_to_kv_pool
        return pool, pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._handler(loc)
