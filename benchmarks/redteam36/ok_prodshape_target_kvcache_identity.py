"""Decode backend that lets the allocator translate only when it manages this runner's pool."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = getattr(allocator, "page_size", 1)
        # A draft runner shares the target's allocator but not its buffers, so
        # the allocator's translation only applies to the pool it manages.
        owns_pool = allocator.get_kvcache() is self.token_to_kv_pool
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if owns_pool and isinstance(self.token_to_kv_pool, SWAKVPool):
            self._to_swa = allocator.translate_loc_from_full_to_swa
        logger.debug(
            "allocator=%s owns_pool=%s page_size=%s",
            type(allocator).__name__,
            owns_pool,
            self.page_size,
        )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> ForwardMetadata:
        metadata = ForwardMetadata(out_cache_loc=out_cache_loc)
        if self._to_swa is not None:
            metadata.swa_out_cache_loc = self._to_swa(out_cache_loc)
        return metadata

    def forward_decode(self, loc):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, metadata.swa_out_cache_loc
        return self.token_to_kv_pool, metadata.out_cache_loc
