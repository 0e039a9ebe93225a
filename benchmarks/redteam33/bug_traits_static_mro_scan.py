"""Decode backend with an allocator-traits helper class of staticmethods scanning the class MRO."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class AllocatorTraits:
    @staticmethod
    def is_windowed(allocator) -> bool:
        return any(cls.__name__.startswith("SWA") for cls in type(allocator).__mro__)

    @staticmethod
    def is_paged(allocator) -> bool:
        return getattr(allocator, "page_size", 1) > 1


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.windowed = AllocatorTraits.is_windowed(allocator)
        self.paged = AllocatorTraits.is_paged(allocator)
        max_bs = model_runner.max_running_requests
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=model_runner.device)
        self.kv_last_page_len = torch.ones(max_bs, dtype=torch.int32, device=model_runner.device)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)
        self.forward_metadata = DecodeMetadata(
            kv_indptr=self.kv_indptr[: bs + 1], kv_last_page_len=self.kv_last_page_len[:bs]
        )

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
