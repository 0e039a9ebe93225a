"""Decode backend that translates through the allocator's table on the target worker."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class WorkerRole:
    is_draft: bool
    hybrid_allocator: bool

    @property
    def translate(self) -> bool:
        # A draft shares the target's allocator but writes a pool of its own.
        return self.hybrid_allocator and not self.is_draft


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.role = WorkerRole(
            is_draft=bool(model_runner.is_draft_worker),
            hybrid_allocator=hasattr(self.allocator, "full_to_swa_index_mapping"),
        )
        self.out_cache_loc = torch.zeros(
            model_runner.max_running_requests,
            dtype=torch.int64,
            device=model_runner.device,
        )
        logger.debug("worker role: %s", self.role)

    def forward_decode(self, loc):
        if self.role.translate:
            loc = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
