"""Immutable KV layout description consumed by the decode backend.

``KVLayoutSpec.from_runner`` snapshots everything the backend needs at init:
which pool to read, whether it is hybrid SWA, and capacity figures exported
to the metrics collector.
"""

import logging
from dataclasses import dataclass, asdict
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVCapacity:
    total_slots: int
    free_slots: int


@dataclass(frozen=True)
class KVLayoutSpec:
    pool: KVCache
    swa_pool: Optional[SWAKVPool]
    page_size: int
    capacity: KVCapacity

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayoutSpec":
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        return cls(
            pool=pool,
            swa_pool=pool if isinstance(pool, SWAKVPool) else None,
            page_size=model_runner.page_size,
            capacity=KVCapacity(
                total_slots=int(allocator.size), free_slots=int(allocator.available_size())
            ),
        )

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None

    def metrics(self) -> Dict[str, Any]:
        return {"hybrid_swa": self.is_hybrid, "page_size": self.page_size, **asdict(self.capacity)}


class GeneratedAttnBackend:
    def __init__(self, model_runner, spec: Optional[KVLayoutSpec] = None):
        self.spec = spec or KVLayoutSpec.from_runner(model_runner)
        logger.info("decode backend layout: %s", self.spec.metrics())

    def forward_decode(self, loc: torch.Tensor):
        if self.spec.is_hybrid:
            return self.spec.swa_pool, self.spec.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.spec.pool, loc
