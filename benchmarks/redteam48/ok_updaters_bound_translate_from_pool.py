"""Decode backend that binds the pool's translate method into a partial window helper."""

import functools
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


def fill_window_indices(
    kv_indices: torch.Tensor,
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None,
) -> torch.Tensor:
    """Copy ``kv_indices`` and map them into the window pool when a translator is given."""
    out = kv_indices.clone()
    if translate is not None:
        n = out.numel()
        out[:n] = translate(out[:n])
    return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)
        translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)
        self._fill = functools.partial(fill_window_indices, translate=translate)
        self.has_window = translate is not None
        logger.info("window translation bound from %s", type(self.token_to_kv_pool).__name__)

    def _page_aligned(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.page_size <= 1:
            return kv_indices
        return kv_indices  # token-granular indices; page alignment happens in the kernel

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self._page_aligned(self._fill(loc))

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
