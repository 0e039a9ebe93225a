"""FlashInfer backend whose metadata builder resolves the SWA pool once.

The resolved pool travels in the decode metadata so every wrapper plan reads
the same window cache.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWADecodeMetadata:
    swa_pool: Optional[SWAKVPool]
    kv_indptr: torch.Tensor
    num_window_tokens: int = 0


class SWAMetadataBuilder:
    def __init__(self, *, pool, allocator, runner):
        self.pool = pool
        self.allocator = allocator
        self.runner = runner
        self.swa_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        # some workers are handed a plain pool view; fall back to the cache
        # the allocator was built for
        cache = self.allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
        return None

    def build(self, bs: int) -> SWADecodeMetadata:
        window = int(getattr(self.allocator, "size_swa", 0) or 0)
        return SWADecodeMetadata(
            swa_pool=self.swa_pool,
            kv_indptr=torch.zeros((bs + 1,), dtype=torch.int32),
            num_window_tokens=window,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.builder = SWAMetadataBuilder(
            pool=self.pool,
            allocator=model_runner.token_to_kv_pool_allocator,
            runner=model_runner,
        )
        self.max_bs = model_runner.max_running_requests
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def init_forward_metadata(self, bs: int):
        self.forward_metadata = self.builder.build(bs)

    def forward_decode(self, loc):
        if self.forward_metadata is None:
            self.init_forward_metadata(self.max_bs)
        swa_pool = self.forward_metadata.swa_pool
        if swa_pool is not None:
            return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
