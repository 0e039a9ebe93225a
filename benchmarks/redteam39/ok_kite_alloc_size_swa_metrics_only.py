"""Decode backend that reports SWA capacity from the allocator and reads its own pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Capacity:
    full_tokens: int
    swa_tokens: Optional[int]

    def describe(self) -> str:
        if self.swa_tokens is None:
            return f"{self.full_tokens} tokens"
        return f"{self.full_tokens} full / {self.swa_tokens} swa tokens"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        # Shared with the draft worker; used for reporting only.
        self.capacity = Capacity(
            full_tokens=allocator.size,
            swa_tokens=getattr(allocator, "size_swa", None),
        )
        self.kv_pool = model_runner.token_to_kv_pool
        self.hybrid = isinstance(self.kv_pool, SWAKVPool)
        logger.info("KV capacity: %s (hybrid pool: %s)", self.capacity.describe(), self.hybrid)
        self.scratch = torch.empty(
            model_runner.max_running_requests,
            dtype=torch.int64,
            device=model_runner.device,
        )

    def forward_decode(self, loc):
        if self.hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
