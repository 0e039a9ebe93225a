"""Decode backend whose kernels consume a ``ForwardBatch``-like record.

The record carries the KV pool and allocator for the step, so helpers can be
shared between the regular and cuda-graph replay paths.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class DecodeBatch:
    out_cache_loc: torch.Tensor
    token_to_kv_pool: object
    token_to_kv_pool_allocator: object
    swa_out_cache_loc: Optional[torch.Tensor] = None

    @property
    def batch_size(self) -> int:
        return self.out_cache_loc.numel()


def _fill_swa_out_cache_loc(batch: DecodeBatch) -> None:
    allocator = batch.token_to_kv_pool_allocator
    if isinstance(allocator, SWATokenToKVPoolAllocator):
        batch.swa_out_cache_loc = allocator.translate_loc_from_full_to_swa(batch.out_cache_loc)


class _BatchDecodeBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _make_batch(self, loc: torch.Tensor) -> DecodeBatch:
        return DecodeBatch(
            out_cache_loc=loc,
            token_to_kv_pool=self.token_to_kv_pool,
            token_to_kv_pool_allocator=self.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc: torch.Tensor):
        batch = self._make_batch(loc)
        return self._run_decode(batch)

    def _run_decode(self, batch: DecodeBatch):
        raise NotImplementedError


class GeneratedAttnBackend(_BatchDecodeBackend):
    def _run_decode(self, batch: DecodeBatch):
        _fill_swa_out_cache_loc(batch)
        if batch.swa_out_cache_loc is not None:
            return batch.token_to_kv_pool, batch.swa_out_cache_loc
        return batch.token_to_kv_pool, batch.out_cache_loc
