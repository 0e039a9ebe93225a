"""Decode backend that trusts the shared allocator only on runners that read the target's KV."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # A regular draft owns its KV; the target and FROZEN_KV MTP drafts read
        # the KV the shared allocator was built over.
        self.reads_target_kv = (
            not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        elif self.reads_target_kv and isinstance(allocator, SWATokenToKVPoolAllocator):
            self.swa_kv_pool = allocator.get_kvcache()
        self.kv_pool = self.swa_kv_pool or self.token_to_kv_pool
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        swa = None
        if self.swa_kv_pool is not None:
            swa = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = ForwardMetadata(kv_indices=loc, swa_kv_indices=swa)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_kv_indices is None:
            return self.token_to_kv_pool, md.kv_indices
        return self.kv_pool, md.swa_kv_indices
