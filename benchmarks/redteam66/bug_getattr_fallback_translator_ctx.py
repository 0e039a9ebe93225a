"""Decode backend with a scoped location-translation context.

``_window_translation`` is a ``contextlib.contextmanager`` that looks up the
full->SWA translator (pool first, then the allocator that owns the index
mapping), yields it for the step, and records per-step timing in ``finally``.
"""

from __future__ import annotations

import contextlib
import logging
import time
from typing import Callable, Iterator, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid full / sliding-window layers."""

    def __init__(self, model_runner, trace_steps: bool = False):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.trace_steps = trace_steps
        self.last_step_s = 0.0

    def _lookup_translator(self) -> Optional[Translator]:
        name = "translate_loc_from_full_to_swa"
        return getattr(self.kv_pool, name, None) or getattr(self.allocator, name, None)

    @contextlib.contextmanager
    def _window_translation(self) -> Iterator[Optional[Translator]]:
        start = time.perf_counter()
        try:
            translator = self._lookup_translator()
        except AttributeError:
            logger.warning("KV pool has no translation hook; using full locations")
            translator = None
        else:
            if self.trace_steps:
                logger.debug("translator: %r", translator)
        try:
            yield translator
        finally:
            self.last_step_s = time.perf_counter() - start

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self._window_translation() as translate:
            kernel_loc = loc if translate is None else translate(loc)
        return self.kv_pool, kernel_loc
