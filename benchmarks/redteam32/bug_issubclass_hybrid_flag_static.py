"""Decode backend that stores an is_hybrid_swa flag computed by a static helper."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    out_cache_loc: torch.Tensor
    seq_lens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = self._is_hybrid_swa(model_runner)
        self.forward_metadata: Optional[DecodeMetadata] = None

    @staticmethod
    def _is_hybrid_swa(model_runner) -> bool:
        allocator_cls = type(model_runner.token_to_kv_pool_allocator)
        return issubclass(allocator_cls, SWATokenToKVPoolAllocator)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.is_hybrid_swa:
            out_cache_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        self.forward_metadata = DecodeMetadata(
            out_cache_loc=out_cache_loc,
            seq_lens=torch.ones_like(out_cache_loc),
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.out_cache_loc
