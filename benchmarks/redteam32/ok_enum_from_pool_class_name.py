"""Decode backend that keeps its KV layout as an enum derived from the pool's class name."""

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = enum.auto()
    HYBRID_SWA = enum.auto()

    @classmethod
    def of_pool(cls, pool) -> "KVLayout":
        # Pools from out-of-tree plugins subclass or mirror SWAKVPool by name.
        names = {klass.__name__ for klass in type(pool).__mro__}
        return cls.HYBRID_SWA if "SWAKVPool" in names else cls.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = KVLayout.of_pool(self.token_to_kv_pool)
        logger.info(
            "layout=%s (allocator %s, page_size=%d)",
            self.layout.name,
            type(allocator).__name__,
            allocator.page_size,
        )

    def _loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.layout is KVLayout.HYBRID_SWA:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._loc(loc)
