"""Triton-style decode backend with a two-method SWA pool lookup that checks FROZEN_KV first."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TritonDecodeMetadata:
    attn_logits: Optional[torch.Tensor] = None
    num_kv_splits: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)
        self.num_kv_splits = torch.full(
            (model_runner.max_running_requests,), self.max_kv_splits, dtype=torch.int32
        )
        self.swa_pool = self._lookup_swa_pool()
        self.forward_metadata = TritonDecodeMetadata()

    def _shares_target_kv(self) -> bool:
        spec = self.runner.spec_algorithm
        if spec.is_frozen_kv_mtp():
            return True
        if self.runner.is_draft_worker:
            return False
        return True

    def _lookup_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._shares_target_kv():
            pool = self.runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(pool, SWAKVPool):
                return pool
        return None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = TritonDecodeMetadata(
            num_kv_splits=self.num_kv_splits[:bs],
            kv_indices=forward_batch.out_cache_loc,
        )

    def forward_decode(self, loc):
        swa_pool = self.swa_pool
        if swa_pool is not None:
            loc = swa_pool.translate_loc_from_full_to_swa(loc)
            return swa_pool, loc
        return self.token_to_kv_pool, loc
