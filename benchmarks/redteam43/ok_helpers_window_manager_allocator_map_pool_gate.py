"""Decode backend with a window manager that owns the full->SWA index bookkeeping."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowConfig:
    enabled: bool
    page_size: int = 1
    swa_slots: int = 0


class SlidingWindowManager:
    """Maps full-pool slots to SWA slots with the allocator's index table."""

    def __init__(self, allocator, config: WindowConfig):
        self.allocator = allocator
        self.config = config
        self.lookups = 0

    def to_window(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.config.enabled:
            return loc
        self.lookups += 1
        return self.allocator.full_to_swa_index_mapping[loc]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        swa_slots = allocator.size_swa if isinstance(allocator, SWATokenToKVPoolAllocator) else 0
        config = WindowConfig(
            enabled=isinstance(self.kv_pool, SWAKVPool),
            page_size=getattr(model_runner, "page_size", 1),
            swa_slots=swa_slots,
        )
        self.window_manager = SlidingWindowManager(allocator, config)
        logger.debug("window manager config: %s", config)

    def forward_decode(self, loc):
        return self.kv_pool, self.window_manager.to_window(loc)
