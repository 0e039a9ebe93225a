"""Gemma-style interleaved attention backend: per-step cache addressing.

Layout flags are gathered once at construction and matched as a tuple, so the
decode path stays a single readable dispatch.
"""

import logging
from typing import Tuple

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        has_window_mapping = hasattr(allocator, "full_to_swa_index_mapping")
        paged = model_runner.page_size > 1
        self._layout: Tuple[bool, bool] = (has_window_mapping, paged)
        logger.info(
            "interleaved backend layout: window_mapping=%s paged=%s splits=%d",
            has_window_mapping,
            paged,
            num_kv_splits,
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        match self._layout:
            case (True, paged) if not paged:
                locations = self._translate(loc)
            case (True, _):
                locations = self._translate(loc.contiguous())
            case (False, _):
                locations = loc
            case _:
                raise RuntimeError(f"unexpected layout {self._layout}")
        return self.token_to_kv_pool, locations
