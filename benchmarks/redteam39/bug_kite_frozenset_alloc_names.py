"""Decode backend translating indices with a method caller for hybrid allocators."""

from __future__ import annotations

import logging
import operator
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)

SWA_ALLOCATOR_NAMES = frozenset({"SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator"})


@dataclass
class ForwardMetadata:
    cache_seqlens: torch.Tensor = None
    page_table: torch.Tensor = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.uses_swa = type(self.allocator).__name__ in SWA_ALLOCATOR_NAMES
        self.forward_metadata = ForwardMetadata()

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = ForwardMetadata(
            cache_seqlens=forward_batch.seq_lens.to(torch.int32)
        )

    def forward_decode(self, loc):
        if self.uses_swa:
            to_swa = operator.methodcaller("translate_loc_from_full_to_swa", loc)
            loc = to_swa(self.allocator)
        return self.token_to_kv_pool, loc
