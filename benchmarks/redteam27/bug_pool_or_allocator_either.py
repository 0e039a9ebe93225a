"""FlashAttention-style decode backend that accepts either a hybrid pool or a hybrid allocator."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashDecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len

        # Some launch paths wrap the pool (e.g. memory-saver adapters), so the allocator type is
        # kept as a second signal for hybrid models.
        self.is_hybrid = isinstance(self.pool, SWAKVPool) or isinstance(
            self.allocator, SWATokenToKVPoolAllocator
        )
        self.forward_metadata = FlashDecodeMetadata()
        logger.info("hybrid=%s page_size=%d", self.is_hybrid, self.page_size)

    def init_forward_metadata(self, page_table: torch.Tensor, seq_lens: torch.Tensor):
        self.forward_metadata.page_table = page_table
        self.forward_metadata.cache_seqlens_int32 = seq_lens.to(torch.int32)
        if self.is_hybrid:
            self.forward_metadata.swa_page_table = self._translate(page_table)

    def _translate(self, indices: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(indices)

    def forward_decode(self, loc):
        if self.is_hybrid:
            loc = self._translate(loc)
        return self.pool, loc
