"""FlashInfer-style decode planner with sliding-window index remapping.

Sliding-window layers keep their KV in a compacted buffer, so the decode
indices coming from ``req_to_token`` must be remapped before the kernel reads
them. The remap hook is discovered once at construction time.
"""

from __future__ import annotations

import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

IndexRemap = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    """Decode-only backend; prefill is delegated to the default path."""

    def __init__(self, model_runner, num_wrappers: int = 1):
        super().__init__()
        self.num_wrappers = num_wrappers
        self.req_to_token = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        self._remap: Optional[IndexRemap] = None
        if (
            remap := getattr(
                self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None
            )
        ) is not None:
            self._remap = remap
            logger.info("Sliding-window index remap enabled (%d wrapper(s))", num_wrappers)

    @property
    def uses_sliding_window(self) -> bool:
        return self._remap is not None

    def _plan_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self._remap(loc) if (remap := self._remap) else loc

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self._plan_indices(loc)
        return self.token_to_kv_pool, kv_indices
