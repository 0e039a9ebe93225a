"""aiter-style backend: the slot mapping is an optional feature of the KV pool, probed with
try/except; the allocator's class and free count go to the debug log only."""

from __future__ import annotations

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_slot_mapping: Optional[torch.Tensor]
        try:
            self.swa_slot_mapping = self.token_to_kv_pool.full_to_swa_index_mapping.long()
        except AttributeError:
            self.swa_slot_mapping = None
        logger.debug(
            "aiter: pool %s, allocator %s (%d free), slot mapping: %s",
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
            allocator.available_size(),
            "yes" if self.swa_slot_mapping is not None else "no",
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_slot_mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.swa_slot_mapping[loc]
