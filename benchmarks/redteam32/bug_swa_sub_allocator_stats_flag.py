"""Decode backend that keeps a handle on the SWA sub-allocator for its occupancy stats."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # Present only on hybrid allocators; used for the occupancy gauge below.
        self.swa_attn_allocator = getattr(self.allocator, "swa_attn_allocator", None)
        self._kv_pool = self.token_to_kv_pool
        if self.swa_attn_allocator is not None:
            self._kv_pool = self.allocator.get_kvcache()
        self._step = 0

    def occupancy(self) -> dict:
        stats = {"full_free": self.allocator.available_size()}
        if self.swa_attn_allocator is not None:
            stats["swa_free"] = self.swa_attn_allocator.available_size()
        return stats

    def _maybe_log(self):
        self._step += 1
        if self._step % 1000 == 0:
            logger.info("kv occupancy: %s", self.occupancy())

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_attn_allocator is None:
            return loc
        return self._kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self._maybe_log()
        indices: Optional[torch.Tensor] = self._kv_indices(loc)
        return self._kv_pool, indices
