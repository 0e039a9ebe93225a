"""Sliding-window support split into a mixin shared by the prefill and decode backends."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class SlidingWindowStateMixin:
    """Owns the full->window index mapping for backends that serve window layers."""

    swa_index_mapping: Optional[torch.Tensor] = None

    def _init_window_state(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        state = vars(allocator)
        # The mapping is populated by the allocator on every alloc/free, so it can
        # be read directly at forward time.
        self.swa_index_mapping = state.get("full_to_swa_index_mapping")
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        if self.swa_index_mapping is not None:
            logger.info(
                "window index mapping with %d slots",
                self.swa_index_mapping.numel(),
            )

    @property
    def uses_window_layers(self) -> bool:
        return self.swa_index_mapping is not None

    def to_window_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_index_mapping[loc]


class GeneratedAttnBackend(SlidingWindowStateMixin):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._init_window_state(model_runner)

    def forward_decode(self, loc):
        if self.uses_window_layers:
            loc = self.to_window_loc(loc)
        return self.token_to_kv_pool, loc
