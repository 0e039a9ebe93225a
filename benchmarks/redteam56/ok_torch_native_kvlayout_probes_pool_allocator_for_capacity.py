"""Torch-native SDPA backend: a small KVLayout helper describes how decode indexes the cache."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class KVLayout:
    """Where decode reads from and how a full-pool location maps into it."""

    pool: object
    index_map: Optional[torch.Tensor] = None
    capacity: int = 0
    page_size: int = 1

    @property
    def windowed(self) -> bool:
        return self.index_map is not None

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayout":
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The map lives on the SWA pool too; ask the pool we actually read.
        index_map = getattr(pool, "full_to_swa_index_mapping", None)
        # Capacity is a property of the shared allocator (used for scratch sizing only).
        capacity = int(getattr(allocator, "size_swa", None) or allocator.size)
        return cls(
            pool=pool,
            index_map=index_map,
            capacity=capacity,
            page_size=getattr(model_runner, "page_size", 1),
        )

    def decode_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.windowed:
            return self.index_map[loc]
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.layout = KVLayout.from_runner(model_runner)
        self.scratch = torch.empty(self.layout.capacity, dtype=torch.int64, device=self.device)
        self.forward_metadata = None
        logger.debug(
            "torch_native layout: windowed=%s capacity=%d",
            self.layout.windowed,
            self.layout.capacity,
        )

    def _run_sdpa_forward_decode(self, query, key, value, scaling=None):
        return torch.nn.functional.scaled_dot_product_attention(
            query, key, value, scale=scaling, enable_gqa=True
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self.layout.decode_loc(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        return self.layout.pool, self.layout.decode_loc(loc)
