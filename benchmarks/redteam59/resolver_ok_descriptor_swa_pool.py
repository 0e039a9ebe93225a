"""Decode backend that resolves its SWA pool through a lazy descriptor.

``_SWAPoolSlot`` resolves the pool on first access and stores the result in
the instance dictionary, so later lookups are plain attribute reads.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SWAPoolSlot:
    """Non-data descriptor: resolved once per backend instance."""

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, backend, owner=None):
        if backend is None:
            return self
        value = self._resolve(backend.model_runner)
        backend.__dict__[self.name] = value
        return value

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        shares_target_kv = spec_algorithm is not None and spec_algorithm.is_frozen_kv_mtp()
        if getattr(model_runner, "is_draft_worker", False) and not shares_target_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    swa_kv_pool = _SWAPoolSlot()

    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        max_bs = model_runner.req_to_token_pool.size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "kv_indices": torch.zeros(max_bs, dtype=torch.int64, device=self.device),
        }

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self.decode_cuda_graph_metadata["kv_indices"][: loc.numel()]
        if self.swa_kv_pool is not None:
            kv_indices.copy_(self.swa_kv_pool.translate_loc_from_full_to_swa(loc))
            return self.swa_kv_pool, kv_indices.clone()
        kv_indices.copy_(loc)
        return self.kv_pool, kv_indices.clone()
