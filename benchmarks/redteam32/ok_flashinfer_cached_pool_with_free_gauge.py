"""FlashInfer decode backend with a cached swa_kv_pool property and an allocator free-slot gauge."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.forward_metadata: Optional[DecodeMetadata] = None
        self._steps = 0

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[BaseSWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, BaseSWAKVPool) else None

    @functools.cached_property
    def num_wrappers(self) -> int:
        return 2 if self.swa_kv_pool is not None else 1

    def _free_gauge(self) -> int:
        # available_size() is cheap on every allocator flavour
        return self.allocator.available_size()

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        self._steps += 1
        if self._steps % 512 == 0:
            logger.debug("free kv slots: %d", self._free_gauge())
        indptr = torch.tensor([0, kv_indices.numel()], dtype=torch.int32)
        self.forward_metadata = DecodeMetadata(kv_indptr=indptr, kv_indices=kv_indices)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        indices = self.forward_metadata.kv_indices
        if self.num_wrappers == 2:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(indices)
        return self.token_to_kv_pool, indices
