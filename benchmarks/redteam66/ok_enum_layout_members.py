"""KV layout enum whose members carry their own decode behaviour.

``KVLayout.of`` classifies a KV pool; the backend stores the layout for the
pool it reads and delegates the location mapping to the member.
"""

from __future__ import annotations

import enum
import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    DENSE = enum.auto()
    HYBRID_SWA = enum.auto()

    @staticmethod
    def of(pool: KVCache) -> "KVLayout":
        return KVLayout.HYBRID_SWA if isinstance(pool, SWAKVPool) else KVLayout.DENSE

    def map_locations(self, pool: KVCache, loc: torch.Tensor) -> torch.Tensor:
        if self is KVLayout.HYBRID_SWA:
            return pool.translate_loc_from_full_to_swa(loc)
        return loc

    def describe(self) -> str:
        return self.name.lower().replace("_", "-")


class GeneratedAttnBackend(AttentionBackend):
    """Decode backend parameterised by the pool's ``KVLayout``."""

    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.layout = KVLayout.of(self.kv_pool)
        if verbose:
            alloc = model_runner.token_to_kv_pool_allocator
            logger.info("layout=%s free=%d", self.layout.describe(), alloc.available_size())

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self.layout.map_locations(self.kv_pool, loc)
