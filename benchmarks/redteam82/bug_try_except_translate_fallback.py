"""Decode backend: tolerate pools without a built-in SWA remap.

Some pool implementations do not expose ``translate_loc_from_full_to_swa``; in that
case the remap is taken from the token allocator, which always owns the mapping on
hybrid models.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window: int = 4096):
        self.sliding_window = sliding_window
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = hasattr(self.allocator, "size_swa")

    def _to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            logger.debug("pool %s has no SWA remap; using allocator", type(self.kv_pool).__name__)
            return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if not self.hybrid:
            return self.kv_pool, loc
        return self.kv_pool, self._to_swa(loc)
