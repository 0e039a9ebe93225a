"""Metal attention backend that resolves its SWA pool lazily as a cached property."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MetalMetadata:
    loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.metadata = MetalMetadata()

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker:
            if runner.spec_algorithm.is_frozen_kv_mtp():
                kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
                return kvcache if isinstance(kvcache, SWAKVPool) else None
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        self.metadata = MetalMetadata(loc=forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        pool = self.swa_pool
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
