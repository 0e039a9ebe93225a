"""Windowed decode backend with lazily-created sliding-window metadata.

The full->SWA translation table is only valid once the scheduler has allocated the first
batch, so the metadata (translation callable + pool) is materialized on first use.
"""

from __future__ import annotations

import logging
from typing import Callable, NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _WindowMeta(NamedTuple):
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]]
    source: str


class WindowedDecodeBackend:
    def __init__(self, model_runner, enable_lazy_init: bool = True):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.enable_lazy_init = enable_lazy_init
        self._meta: Optional[_WindowMeta] = None
        if not enable_lazy_init:
            self._meta = self._build_meta()

    def _build_meta(self) -> _WindowMeta:
        allocator = self.model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator):
            return _WindowMeta(allocator.translate_loc_from_full_to_swa, "allocator")
        return _WindowMeta(None, "none")

    @property
    def meta(self) -> _WindowMeta:
        if self._meta is None:
            self._meta = self._build_meta()
            logger.debug("window metadata ready (source=%s)", self._meta.source)
        return self._meta

    def forward_decode(self, loc: torch.Tensor):
        translate = self.meta.translate
        if translate is None:
            return self.kv_pool, loc
        return self.kv_pool, translate(loc)


class GeneratedAttnBackend(WindowedDecodeBackend):
    pass
