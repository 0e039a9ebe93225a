"""Layout strategies for the paged decode kernel, registered by KV pool class name."""

from __future__ import annotations

import logging
from typing import Callable, Dict, Type

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

LAYOUT_REGISTRY: Dict[str, Type["PagedLayout"]] = {}


def layout_for(*pool_names: str) -> Callable[[Type["PagedLayout"]], Type["PagedLayout"]]:
    def deco(cls):
        for name in pool_names:
            if name in LAYOUT_REGISTRY:
                logger.warning("overriding layout for %s", name)
            LAYOUT_REGISTRY[name] = cls
        return cls

    return deco


class PagedLayout:
    label = "full"

    def __init__(self, pool: KVCache, page_size: int):
        self.pool = pool
        self.page_size = page_size

    def decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


@layout_for("SWAKVPool")
class HybridSWALayout(PagedLayout):
    label = "hybrid_swa"

    def decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


def make_layout(model_runner) -> PagedLayout:
    pool = model_runner.token_to_kv_pool
    cls = LAYOUT_REGISTRY.get(type(pool).__name__, PagedLayout)
    return cls(pool, model_runner.page_size)


class GeneratedAttnBackend:
    """Decode backend; the layout strategy follows the pool this runner reads."""

    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.layout = make_layout(model_runner)
        self.allocator = model_runner.token_to_kv_pool_allocator
        logger.info("layout=%s allocator=%s", self.layout.label, type(self.allocator).__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.layout.pool, self.layout.decode_locations(loc)
