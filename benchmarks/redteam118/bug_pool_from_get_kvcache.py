"""FlashAttention-style decode backend that keeps a handle on the KV cache.

The KV cache is taken from the allocator so the backend and the scheduler agree
on one cache object; window layers use its SWA view.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1):
        self.topk = topk
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.kv_cache: KVCache = allocator.get_kvcache()
        self.is_hybrid_swa = isinstance(self.kv_cache, SWAKVPool)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> DecodeMetadata:
        md = DecodeMetadata(cache_seqlens=torch.ones_like(out_cache_loc, dtype=torch.int32))
        if self.is_hybrid_swa:
            md.swa_cache_loc = self.kv_cache.translate_loc_from_full_to_swa(out_cache_loc)
        else:
            md.swa_cache_loc = out_cache_loc
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        return self.kv_cache, md.swa_cache_loc
