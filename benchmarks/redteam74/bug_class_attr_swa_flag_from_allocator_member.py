"""Sliding-window attention backends for the target and its speculative draft.

Whether the deployment uses a hybrid cache is a process-wide property, so it is computed once
and stored on the base class; target and draft backends read the same flag.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Optional

import torch

logger = logging.getLogger(__name__)


class SlidingWindowAttnBase:
    _hybrid_cache: ClassVar[Optional[bool]] = None

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        cls = SlidingWindowAttnBase
        if cls._hybrid_cache is None:
            cls._hybrid_cache = hasattr(self.allocator, "size_swa")
            logger.info("hybrid sliding-window cache: %s", cls._hybrid_cache)

    @property
    def hybrid_cache(self) -> bool:
        return bool(SlidingWindowAttnBase._hybrid_cache)

    def _window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid_cache:
            return self.kv_pool, self._window_loc(loc)
        return self.kv_pool, loc


class TargetSlidingWindowBackend(SlidingWindowAttnBase):
    pass


class DraftSlidingWindowBackend(SlidingWindowAttnBase):
    def __init__(self, model_runner, step: int = 0):
        super().__init__(model_runner)
        self.step = step


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        if model_runner.is_draft_worker:
            self.inner = DraftSlidingWindowBackend(model_runner)
        else:
            self.inner = TargetSlidingWindowBackend(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.inner.forward_decode(loc)
