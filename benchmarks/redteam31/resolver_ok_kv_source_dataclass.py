"""Decode backend that captures where it reads KV from in a frozen record built by a classmethod."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVSource:
    pool: Any
    window_pool: Optional[SWAKVPool]
    allocator_kind: str
    page_size: int

    @classmethod
    def from_runner(cls, runner) -> "KVSource":
        allocator = runner.token_to_kv_pool_allocator
        pool = runner.token_to_kv_pool
        window = pool if isinstance(pool, SWAKVPool) else None
        shares_target_kv = not runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp()
        if window is None and shares_target_kv:
            shared = allocator.get_kvcache()
            window = shared if isinstance(shared, SWAKVPool) else None
        return cls(pool, window, type(allocator).__name__, allocator.page_size)

    @property
    def windowed(self) -> bool:
        return self.window_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.source = KVSource.from_runner(model_runner)
        logger.info(
            "KV source: allocator=%s windowed=%s page_size=%d",
            self.source.allocator_kind,
            self.source.windowed,
            self.source.page_size,
        )
        self.kv_indices: Optional[torch.Tensor] = None

    def init_forward_metadata(self, forward_batch):
        indices = forward_batch.out_cache_loc
        if self.source.windowed:
            indices = self.source.window_pool.translate_loc_from_full_to_swa(indices)
        self.kv_indices = indices

    def forward_decode(self, loc):
        if self.source.windowed:
            swa = self.source.window_pool
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.source.pool, loc
