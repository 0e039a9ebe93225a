"""Decode metadata builder used by the sliding-window FlashInfer wrapper.

The builder receives the translate function as an argument so it can be unit-tested with a
fake. The backend hands it the translate method of the hybrid pool it reads (or nothing for
full-attention pools), plus the allocator's free-token count for the planner.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class SWADecodeMetadata:
    kv_pool: KVCache
    kv_loc: torch.Tensor
    free_tokens: int


class SWADecodeMetadataBuilder:
    def __init__(
        self,
        kv_pool: KVCache,
        translate_fn: Optional[Callable[[torch.Tensor], torch.Tensor]] = None,
    ):
        self.kv_pool = kv_pool
        self.translate_fn = translate_fn

    def build(self, loc: torch.Tensor, free_tokens: int) -> SWADecodeMetadata:
        kv_loc = loc if self.translate_fn is None else self.translate_fn(loc)
        return SWADecodeMetadata(kv_pool=self.kv_pool, kv_loc=kv_loc, free_tokens=free_tokens)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        swa_pool = pool if isinstance(pool, SWAKVPool) else None
        self.builder = SWADecodeMetadataBuilder(
            kv_pool=pool,
            translate_fn=swa_pool.translate_loc_from_full_to_swa if swa_pool else None,
        )
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.builder.build(loc, self.allocator.available_size())
        return self.forward_metadata.kv_pool, self.forward_metadata.kv_loc
