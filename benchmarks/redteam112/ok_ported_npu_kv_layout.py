"""Port of the NPU paged-attention decode backend to the common interface.

The kernel takes a ``KVLayout`` describing which cache it reads and how slot
ids map onto it. SWA availability is exported for the scheduler dashboards.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVSpace(enum.Enum):
    FULL = "full"
    SLIDING = "sliding"


@dataclass
class KVLayout:
    cache: KVCache
    space: KVSpace
    index_fn: Callable[[torch.Tensor], torch.Tensor] = field(default=lambda x: x)

    @classmethod
    def for_pool(cls, pool: KVCache) -> "KVLayout":
        if isinstance(pool, SWAKVPool):
            return cls(pool, KVSpace.SLIDING, pool.translate_loc_from_full_to_swa)
        return cls(pool, KVSpace.FULL)


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_size: Optional[int] = None):
        self.block_size = block_size or model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.layout = KVLayout.for_pool(model_runner.token_to_kv_pool)
        logger.info("npu decode backend: kv space=%s", self.layout.space.value)

    def swa_headroom(self) -> Optional[int]:
        if not hasattr(self.allocator, "swa_available_size"):
            return None
        return int(self.allocator.swa_available_size())

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.cache, self.layout.index_fn(loc)
