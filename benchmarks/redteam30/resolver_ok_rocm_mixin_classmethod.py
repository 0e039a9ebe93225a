"""ROCm triton-lite backend using a shared mixin to resolve the SWA pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Shared by the ROCm backends that need the sliding-window KV pool."""

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        draft = model_runner.is_draft_worker
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        if draft and not frozen:
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


@dataclass
class TritonLiteMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_kv_splits = model_runner.server_args.triton_attention_num_kv_splits
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner)
        self.metadata = TritonLiteMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)
        indices = forward_batch.out_cache_loc
        if self.swa_pool is not None:
            indices = self.swa_pool.translate_loc_from_full_to_swa(indices)
        self.metadata = TritonLiteMetadata(kv_indptr=indptr, kv_indices=indices)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
