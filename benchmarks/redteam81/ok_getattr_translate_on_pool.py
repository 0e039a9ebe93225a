"""Decode backend that duck-types the hybrid pool's translate hook.

Full-only pools have no ``translate_loc_from_full_to_swa``; the backend
falls back to reading at the original locations for them.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.pool = model_runner.token_to_kv_pool
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.pool, "translate_loc_from_full_to_swa", None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug(
            "pool=%s allocator=%s swa_hook=%s",
            type(self.pool).__name__,
            type(allocator).__name__,
            self._to_swa is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, (self._to_swa or (lambda x: x))(loc)
