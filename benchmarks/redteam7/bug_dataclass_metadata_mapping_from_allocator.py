from dataclasses import dataclass, field
from typing import Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    """FA3-like backend, decode only."""

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        self.full_to_swa = allocator.full_to_swa_index_mapping if self.is_hybrid_swa else None
        self.forward_metadata = FlashAttentionMetadata()

    def init_forward_metadata(self, loc):
        md = FlashAttentionMetadata(out_cache_loc=loc)
        if self.full_to_swa is not None:
            md.swa_out_cache_loc = self.full_to_swa[loc].to(torch.int64)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        cache_loc = md.swa_out_cache_loc if md.swa_out_cache_loc is not None else md.out_cache_loc
        return self.kv_pool, cache_loc
