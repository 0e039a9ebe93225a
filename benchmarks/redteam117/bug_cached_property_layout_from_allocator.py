"""Lazily computed KV layout for a decode attention backend.

``_KVLayout`` defers inspection of the runner's memory objects until first
decode, because CUDA-graph capture constructs backends before the KV cache is
finalized.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVLayout:
    def __init__(self, model_runner):
        self._runner = model_runner

    @functools.cached_property
    def allocator(self):
        return self._runner.token_to_kv_pool_allocator

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        cache = self.allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            logger.info("decode layout: hybrid SWA (size_swa=%d)", cache.size_swa)
            return cache
        return None

    @functools.cached_property
    def full_pool(self):
        return self._runner.token_to_kv_pool


class GeneratedAttnBackend:
    """Backend holding a lazily-resolved ``_KVLayout``."""

    def __init__(self, model_runner, layout_cls=_KVLayout):
        self.layout = layout_cls(model_runner)
        self.max_context_len = getattr(model_runner.model_config, "context_len", None)

    def forward_decode(self, loc: torch.Tensor):
        swa = self.layout.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.layout.full_pool, loc
