"""Decode backend binding the allocator's translate method into a window helper."""

import functools
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


def fill_window_indices(
    kv_indices: torch.Tensor,
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None,
) -> torch.Tensor:
    out = kv_indices.clone()
    if translate is not None:
        n = out.numel()
        out[:n] = translate(out[:n])
    return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(model_runner, "page_size", 1)
        translate = getattr(self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None)
        self._fill = functools.partial(fill_window_indices, translate=translate)
        logger.info(
            "window translation bound from %s",
            type(self.token_to_kv_pool_allocator).__name__,
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = self._fill(loc)
        if self.page_size > 1:
            logger.debug("paged decode: page_size=%d", self.page_size)
        return kv_indices

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
