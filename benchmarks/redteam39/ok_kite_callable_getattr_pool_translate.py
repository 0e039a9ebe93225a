"""Decode backend with an optional SWA translation step taken from its own pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class StepConfig:
    translate_swa: bool
    page_size: int
    max_bs: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.config = StepConfig(
            translate_swa=callable(
                getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)
            ),
            page_size=self.allocator.page_size,
            max_bs=model_runner.max_running_requests,
        )
        self.kv_indptr = torch.zeros(self.config.max_bs + 1, dtype=torch.int32, device=self.device)

    def forward_decode(self, loc):
        if not self.config.translate_swa:
            return self.token_to_kv_pool, loc
        swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, swa_loc
