"""FlashAttention-style decode backend for models mixing full and SWA layers.

The KV layout (which pool, whether SWA translation applies and the mapping
tensor to use) is captured once in an immutable ``KVLayout`` record.
"""

from __future__ import annotations

import logging
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class KVLayout(NamedTuple):
    pool: object
    is_hybrid_swa: bool
    full_to_swa: Optional[torch.Tensor]

    def translate(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return loc
        return self.full_to_swa[loc]

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayout":
        allocator = model_runner.token_to_kv_pool_allocator
        is_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        return cls(
            pool=model_runner.token_to_kv_pool,
            is_hybrid_swa=is_swa,
            full_to_swa=allocator.full_to_swa_index_mapping if is_swa else None,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.layout = KVLayout.from_runner(model_runner)
        max_bs = model_runner.req_to_token_pool.size
        self.cache_seqlens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.page_table = torch.zeros(max_bs, 1, dtype=torch.int32, device=self.device)
        logger.info(
            "KV layout: pool=%s hybrid_swa=%s",
            type(self.layout.pool).__name__,
            self.layout.is_hybrid_swa,
        )

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = self.layout.translate(loc)
        n = kv_loc.numel()
        self.page_table[:n, 0] = (kv_loc // self.page_size).to(torch.int32)
        return self.layout.pool, kv_loc
