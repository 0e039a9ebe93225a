"""Decode backend that keeps its KV placement in a dataclass.

``SWAPlacement.__post_init__`` derives whether full-pool locations need to be
translated before the KV buffers are indexed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAPlacement:
    kv_pool: object
    allocator: object
    is_draft_worker: bool = False
    swa_pool: Optional[SWAKVPool] = field(init=False, default=None)

    def __post_init__(self):
        source = self.kv_pool
        if isinstance(source, SWAKVPool):
            self.swa_pool = source

    @property
    def enabled(self) -> bool:
        return self.swa_pool is not None

    def read_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.enabled:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.placement = SWAPlacement(
            kv_pool=model_runner.token_to_kv_pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            is_draft_worker=model_runner.is_draft_worker,
        )
        max_bs = model_runner.req_to_token_pool.size
        self.graph_out_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        if self.placement.enabled:
            logger.info(
                "SWA placement: full=%d swa=%d",
                self.placement.allocator.size,
                self.placement.allocator.size_swa,
            )

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = self.placement.read_locations(loc)
        self.graph_out_cache_loc[: kv_loc.numel()].copy_(kv_loc)
        return self.placement.kv_pool, kv_loc
