"""Ascend decode backend with a two-step SWA pool resolver (own pool, then allocator)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class AscendSWADecodeMetadata:
    actual_seq_lengths_kv: Optional[list] = None
    swa_slot_mapping: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.metadata = AscendSWADecodeMetadata()

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool backing this runner, or None for full-attention models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        # Wrapped pools (e.g. with host offload) hide the SWA pool; the allocator
        # always holds the underlying one.
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        self.metadata = AscendSWADecodeMetadata(
            actual_seq_lengths_kv=forward_batch.seq_lens_cpu.tolist(),
            swa_slot_mapping=(
                self.swa_kv_pool.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)
                if self.swa_kv_pool is not None
                else None
            ),
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
