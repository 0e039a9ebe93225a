"""Decode backend that builds page-table index mappers via singledispatch on the KV owner."""

import functools
import logging
from typing import Callable

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

Mapper = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


@functools.singledispatch
def build_index_mapper(owner) -> Mapper:
    return _identity


@build_index_mapper.register(SWATokenToKVPoolAllocator)
def _(owner) -> Mapper:
    mapping = owner.full_to_swa_index_mapping

    def _to_swa(loc: torch.Tensor) -> torch.Tensor:
        return mapping[loc]

    return _to_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size or 1
        owner = model_runner.token_to_kv_pool_allocator
        self.index_mapper = build_index_mapper(owner)
        self.uses_window = self.index_mapper is not _identity
        logger.debug(
            "page table builder: owner=%s window=%s page_size=%d",
            type(owner).__name__,
            self.uses_window,
            self.page_size,
        )

    def build_page_table(self, req_to_token: torch.Tensor, seq_len: int) -> torch.Tensor:
        return self.index_mapper(req_to_token[:, : seq_len : self.page_size])

    def forward_decode(self, loc):
        return self.kv_pool, self.index_mapper(loc)
