"""Decode backend that sizes its windowed buffers from the allocator's SWA capacity."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class Capacity:
    full_tokens: int
    swa_tokens: int

    @property
    def hybrid(self) -> bool:
        return self.swa_tokens > 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.capacity = Capacity(
            full_tokens=allocator.size,
            swa_tokens=getattr(allocator, "size_swa", 0),
        )
        if self.capacity.hybrid:
            self.kv_pool = allocator.get_kvcache()
            logger.info(
                "hybrid KV: %d full / %d swa tokens",
                self.capacity.full_tokens,
                self.capacity.swa_tokens,
            )
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self.scratch = torch.empty(
            model_runner.max_running_requests,
            dtype=torch.int64,
            device=model_runner.device,
        )

    def forward_decode(self, loc):
        if self.capacity.hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
