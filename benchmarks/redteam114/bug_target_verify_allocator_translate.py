"""Attention backend supporting decode and target-verify for speculative decoding.

Target-verify runs the draft tokens through the target model in one pass;
the sliding-window layers need token slots remapped into the SWA buffer.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_draft_tokens: int = 4):
        self.num_draft_tokens = speculative_num_draft_tokens
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid allocators know how to map full slots to SWA slots.
        self._translate: Optional[LocTranslator] = getattr(
            allocator, "translate_loc_from_full_to_swa", None
        )
        if self._translate is not None:
            logger.debug("SWA slot translation enabled for %s", type(self).__name__)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self._translate is None:
            return loc
        return self._translate(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        flat = loc.reshape(-1)
        return self.kv_pool, self._swa_locations(flat).view_as(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._swa_locations(loc)
