"""FlashAttention-style decode backend for hybrid SWA checkpoints.

The sliding-window pool is resolved once at construction. Per-step metadata keeps
its own reference to the window pool because the pool may be rebuilt after
memory-saver resume; it re-reads it from the allocator each step.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    swa_pool: Optional[SWAKVPool]
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            self.swa_kv_pool = pool
        elif model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            self.swa_kv_pool = None
        else:
            cache = self.allocator.get_kvcache()
            self.swa_kv_pool = cache if isinstance(cache, SWAKVPool) else None
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        cache = self.allocator.get_kvcache()
        swa_pool = cache if isinstance(cache, SWAKVPool) else None
        metadata = DecodeMetadata(swa_pool=swa_pool, page_table=loc)
        if swa_pool is not None:
            metadata.swa_page_table = swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = metadata
        return metadata

    def forward_decode(self, loc: torch.Tensor):
        metadata = self.init_forward_metadata(loc)
        if metadata.swa_pool is not None:
            return metadata.swa_pool, metadata.swa_page_table
        return self.token_to_kv_pool, metadata.page_table
