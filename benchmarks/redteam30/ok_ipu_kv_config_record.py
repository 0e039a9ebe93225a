"""IPU attention backend that snapshots its KV configuration into a record at init."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVConfig:
    pool: Any
    swa_pool: Optional[SWAKVPool]
    page_size: int
    total_slots: int
    allocator_kind: str

    @classmethod
    def from_runner(cls, model_runner) -> "KVConfig":
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        return cls(
            pool=pool,
            swa_pool=pool if isinstance(pool, SWAKVPool) else None,
            page_size=allocator.page_size,
            total_slots=allocator.size,
            allocator_kind=type(allocator).__name__,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = KVConfig.from_runner(model_runner)
        self.device = model_runner.device
        self.seq_lens: Optional[torch.Tensor] = None
        logger.info("IPU backend KV config: %s", self.kv)

    def init_forward_metadata(self, forward_batch):
        self.seq_lens = forward_batch.seq_lens

    def forward_decode(self, loc):
        swa_pool = self.kv.swa_pool
        if swa_pool is None:
            return self.kv.pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
