"""Triton decode backend: sliding-window pool selection.

For hybrid SWA checkpoints the allocator is an ``SWATokenToKVPoolAllocator``
and the KV it manages lives in an ``SWAKVPool``; the backend keeps a handle on
that pool so the sliding layers can read their compacted buffers.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    sliding: bool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 256):
        super().__init__()
        self.max_bs = max_bs
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            allocator.get_kvcache() if isinstance(allocator, SWATokenToKVPoolAllocator) else None
        )
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        sliding = self.swa_pool is not None
        kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc) if sliding else loc
        self.forward_metadata = DecodeMetadata(kv_indices=kv_indices, sliding=sliding)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        pool = self.swa_pool if md.sliding else self.full_pool
        logger.debug("decode bs=%d sliding=%s", loc.numel(), md.sliding)
        return pool, md.kv_indices
