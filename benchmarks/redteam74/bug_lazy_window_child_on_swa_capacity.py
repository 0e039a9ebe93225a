"""Attention wrapper that creates its sliding-window child on first decode.

The windowed child is only needed when the deployment reserved sliding-window capacity, which
is reported by the token allocator. The child is created lazily to keep startup cheap.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class _FullChild:
    def __init__(self, kv_pool):
        self.kv_pool = kv_pool

    def forward_decode(self, loc):
        return self.kv_pool, loc


class _SWAChild:
    def __init__(self, kv_pool):
        self.kv_pool = kv_pool
        self.decode_calls = 0

    def forward_decode(self, loc):
        self.decode_calls += 1
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


class LazyHybridAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.full_child = _FullChild(model_runner.token_to_kv_pool)
        self._swa_child: Optional[_SWAChild] = None
        self._checked = False

    def _maybe_swa_child(self) -> Optional[_SWAChild]:
        if not self._checked:
            self._checked = True
            swa_tokens = getattr(self.model_runner.token_to_kv_pool_allocator, "size_swa", 0)
            if swa_tokens:
                self._swa_child = _SWAChild(self.model_runner.token_to_kv_pool)
                logger.info("created SWA child (%d swa tokens)", swa_tokens)
        return self._swa_child

    def forward_decode(self, loc: torch.Tensor):
        child = self._maybe_swa_child()
        if child is None:
            return self.full_child.forward_decode(loc)
        return child.forward_decode(loc)


GeneratedAttnBackend = LazyHybridAttnBackend
