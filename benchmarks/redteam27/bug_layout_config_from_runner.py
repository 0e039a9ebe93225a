"""Decode backend configured through a frozen layout record built from the model runner."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVLayoutConfig:
    page_size: int
    max_total_tokens: int
    hybrid_swa: bool
    swa_total_tokens: int

    @classmethod
    def from_runner(cls, model_runner) -> "KVLayoutConfig":
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid = allocator.__class__ is SWATokenToKVPoolAllocator
        return cls(
            page_size=allocator.page_size,
            max_total_tokens=allocator.size,
            hybrid_swa=hybrid,
            swa_total_tokens=allocator.size_swa if hybrid else 0,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.config = KVLayoutConfig.from_runner(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_indices = torch.zeros(self.config.max_total_tokens, dtype=torch.int32)
        logger.info("kv layout: %s", self.config)

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        n = kv_indices.shape[0]
        self.kv_indices[:n] = kv_indices

    def forward_decode(self, loc):
        if self.config.hybrid_swa:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
