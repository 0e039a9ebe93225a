"""Decode backend dispatching its location translation on the pool type with singledispatchmethod."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )
        self.forward_metadata = DecodeMetadata()

    @functools.singledispatchmethod
    def _read_locations(self, pool, loc):
        return loc

    @_read_locations.register
    def _(self, pool: SWAKVPool, loc):
        return pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)
        self.forward_metadata = DecodeMetadata(
            kv_indptr=self.kv_indptr[: bs + 1],
            kv_indices=self._read_locations(self.token_to_kv_pool, forward_batch.out_cache_loc),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._read_locations(self.token_to_kv_pool, loc)
