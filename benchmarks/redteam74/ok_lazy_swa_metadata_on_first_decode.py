"""Decode backend whose sliding-window metadata is built lazily on the first forward.

Constructing the SWA metadata eagerly would force the index mapping to exist before the
memory pool finished registering it, so we defer until the first decode call.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWADecodeMetadata:
    swa_pool: Optional[SWAKVPool]
    num_calls: int = 0
    notes: list = field(default_factory=list)

    @property
    def enabled(self) -> bool:
        return self.swa_pool is not None


class LazySWADecodeBackend(AttentionBackend):
    def __init__(self, model_runner, window_left: int = -1):
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_left = window_left
        self._swa_metadata: Optional[SWADecodeMetadata] = None

    def _get_swa_metadata(self) -> SWADecodeMetadata:
        if self._swa_metadata is None:
            pool = self.kv_pool
            self._swa_metadata = SWADecodeMetadata(
                swa_pool=pool if isinstance(pool, SWAKVPool) else None
            )
            logger.debug("initialized SWA decode metadata: enabled=%s", self._swa_metadata.enabled)
        return self._swa_metadata

    def forward_decode(self, loc: torch.Tensor):
        meta = self._get_swa_metadata()
        meta.num_calls += 1
        if meta.enabled:
            return meta.swa_pool, meta.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(LazySWADecodeBackend):
    """Entry point used by the attention registry."""
