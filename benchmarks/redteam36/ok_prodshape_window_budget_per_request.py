"""Decode backend budgeting per-request window slots from the allocator's SWA token budget."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class WindowBudget:
    max_running_requests: int
    swa_tokens: int

    @property
    def per_request(self) -> int:
        return max(1, self.swa_tokens // max(1, self.max_running_requests))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        max_reqs = int(getattr(model_runner, "max_running_requests", 1) or 1)
        # Non-hybrid allocators have a single budget; fall back to it.
        swa_tokens = getattr(allocator, "size_swa", None)
        if swa_tokens is None:
            swa_tokens = getattr(allocator, "size", 0)
        self.window_budget = WindowBudget(max_reqs, int(swa_tokens))
        # The pool's own translator, if it has a sliding-window index space.
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )
        logger.info(
            "window slots per request: %d (swa_tokens=%d)",
            self.window_budget.per_request,
            self.window_budget.swa_tokens,
        )

    def forward_decode(self, loc):
        if loc.numel() > self.window_budget.per_request * self.window_budget.max_running_requests:
            logger.warning("decode batch exceeds the window budget")
        if self._to_swa is not None:
            return self.token_to_kv_pool, self._to_swa(loc)
        return self.token_to_kv_pool, loc
