"""FlashInfer decode backend whose SWA pool lookup became a functools.cached_property."""

import functools
import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    wrappers: List[object] = field(default_factory=list)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_wrappers = 1
        self.forward_metadata: Optional[DecodeMetadata] = None
        if self.swa_kv_pool is not None:
            self.num_wrappers = 2
        logger.info("flashinfer decode wrappers: %d", self.num_wrappers)

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[BaseSWAKVPool]:
        """The hybrid pool that owns the full->SWA mapping, resolved once."""
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, BaseSWAKVPool):
            return kvcache
        return None

    def _kv_indices_for_wrapper(self, wrapper_id: int, kv_indices: torch.Tensor):
        # wrapper 0 is the sliding-window wrapper when two are in use
        if self.num_wrappers == 2 and wrapper_id == 0:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def init_forward_metadata(self, kv_indices: torch.Tensor):
        indptr = torch.tensor([0, kv_indices.numel()], dtype=torch.int32)
        self.forward_metadata = DecodeMetadata(kv_indptr=indptr, kv_indices=kv_indices)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        indices = self._kv_indices_for_wrapper(0, self.forward_metadata.kv_indices)
        pool = self.swa_kv_pool if self.num_wrappers == 2 else self.token_to_kv_pool
        return pool, indices
