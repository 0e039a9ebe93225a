"""Hybrid-window decode metadata with a staged pool resolver.

``init_forward_metadata`` runs the resolver once and stores the outcome in
``HybridMetadata``; later batches reuse it. An environment switch lets operators force
full-attention reads for debugging.
"""

import os
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class HybridMetadata:
    pool: KVCache
    swa_pool: Optional[SWAKVPool] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.force_full = os.environ.get("SGLANG_FORCE_FULL_ATTN_DECODE", "0") == "1"
        self.metadata: Optional[HybridMetadata] = None

    def _own_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _shared_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if self.force_full:
            return None
        own = self._own_swa_pool()
        return own if own is not None else self._shared_swa_pool()

    def init_forward_metadata(self) -> None:
        if self.metadata is None:
            self.metadata = HybridMetadata(
                pool=self.model_runner.token_to_kv_pool, swa_pool=self.resolve_swa_pool()
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.init_forward_metadata()
        md = self.metadata
        if md.swa_pool is not None:
            return md.swa_pool, md.swa_pool.translate_loc_from_full_to_swa(loc)
        return md.pool, loc
