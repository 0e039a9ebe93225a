"""Triton backend: sliding-window kv indices built by a module-level helper."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


def update_sliding_window_buffer(
    window_kv_indices: torch.Tensor,
    full_kv_indices: torch.Tensor,
    *,
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None,
) -> torch.Tensor:
    """Fill the window buffer; translate full-pool indices when a translator is given."""
    n = full_kv_indices.numel()
    if translate is None:
        window_kv_indices[:n] = full_kv_indices
    else:
        window_kv_indices[:n] = translate(full_kv_indices)
    return window_kv_indices[:n]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = getattr(model_runner.req_to_token_pool, "req_to_token", None)
        kv_allocator = model_runner.token_to_kv_pool_allocator
        # The allocator only sizes the buffer; the translator comes from the pool we read.
        self._window_translate = self._pick_translator(self.token_to_kv_pool)
        self.window_kv_indices = torch.zeros(
            (getattr(kv_allocator, "size_swa", getattr(kv_allocator, "size", 0)) + 1,),
            dtype=torch.int64,
        )

    @staticmethod
    def _pick_translator(kv_pool):
        # Only hybrid pools can translate full indices into their sliding-window half.
        if not hasattr(kv_pool, "translate_loc_from_full_to_swa"):
            return None
        return kv_pool.translate_loc_from_full_to_swa

    @property
    def sliding_window_enabled(self) -> bool:
        return self._window_translate is not None

    def init_forward_metadata(self, loc: torch.Tensor):
        if not self.sliding_window_enabled:
            return loc
        return update_sliding_window_buffer(
            self.window_kv_indices, loc, translate=self._window_translate
        )

    def forward_decode(self, loc: torch.Tensor):
        locations = self.init_forward_metadata(loc)
        logger.debug("triton decode: %d window indices", locations.numel())
        return self.token_to_kv_pool, locations
