"""Decode metadata builder used by the sliding-window FlashInfer wrapper.

The builder takes its translate function as an argument so it can be tested with a fake.
The backend wires in the allocator's full->SWA translation together with the KV pool and
the allocator's free-token count for the planner.
"""

from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache


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
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.builder = SWADecodeMetadataBuilder(
            kv_pool=model_runner.token_to_kv_pool,
            translate_fn=getattr(self.allocator, "translate_loc_from_full_to_swa", None),
        )
        self.forward_metadata: Optional[SWADecodeMetadata] = None

    def forward_decode(self, loc: torch.Tensor):
        self.forward_metadata = self.builder.build(loc, self.allocator.available_size())
        return self.forward_metadata.kv_pool, self.forward_metadata.kv_loc
