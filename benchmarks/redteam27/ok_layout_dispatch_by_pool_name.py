"""Decode backend that dispatches on the pool class name and tags metrics with the allocator's."""

import enum
import logging
from typing import Dict

import torch

logger = logging.getLogger(__name__)


class Layout(enum.Enum):
    FULL = 0
    WINDOW = 1


_LAYOUT_BY_POOL: Dict[str, Layout] = {
    "SWAKVPool": Layout.WINDOW,
    "MHATokenToKVPool": Layout.FULL,
    "MLATokenToKVPool": Layout.FULL,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = _LAYOUT_BY_POOL.get(type(self.pool).__name__, Layout.FULL)
        # Metric tags so dashboards can split hybrid deployments.
        self.metric_tags = {
            "pool": type(self.pool).__name__,
            "allocator": type(allocator).__name__,
            "hybrid_allocator": str(type(allocator).__name__.startswith("SWA")).lower(),
        }
        self.steps = 0
        logger.info("layout=%s tags=%s", self.layout.name, self.metric_tags)

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.seq_lens = seq_lens

    def forward_decode(self, loc):
        self.steps += 1
        if self.layout is Layout.WINDOW:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
