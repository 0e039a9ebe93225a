"""Decode backend with per-step bookkeeping via ``contextlib``.

Each decode step runs under an ``ExitStack`` that restores the step counter
and suppresses errors from the optional metrics hook. The windowed view is the
runner's own pool when it is hybrid; allocator occupancy is only reported.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend for hybrid full / sliding-window layers."""

    def __init__(self, model_runner, metrics_hook: Optional[Callable[[int], None]] = None):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.metrics_hook = metrics_hook
        self.step = 0
        try:
            self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        except TypeError:  # pragma: no cover - defensive for mocked pools
            self.swa_pool = None
        else:
            logger.info("windowed decode: %s", self.swa_pool is not None)
        finally:
            logger.debug("KV slots free: %d", self._allocator.available_size())

    @contextlib.contextmanager
    def _step_scope(self):
        self.step += 1
        try:
            yield self.step
        finally:
            if self.metrics_hook is not None:
                with contextlib.suppress(Exception):
                    self.metrics_hook(self._allocator.available_size())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with contextlib.ExitStack() as stack:
            stack.enter_context(self._step_scope())
            if self.swa_pool is None:
                return self.kv_pool, loc
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
