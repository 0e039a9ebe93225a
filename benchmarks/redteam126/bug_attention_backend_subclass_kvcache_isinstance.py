"""Hybrid sliding-window attention backend on top of ``AttentionBackend``.

``_HybridSWABackendBase`` records whether the model runs with a hybrid SWA
KV cache and keeps the per-step decode metadata; the leaf backend consumes it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class HybridForwardMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class _HybridSWABackendBase(AttentionBackend):
    def __init__(self, model_runner) -> None:
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.is_hybrid_swa = isinstance(
            model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
        )
        self.forward_metadata: Optional[HybridForwardMetadata] = None
        logger.info("%s: hybrid_swa=%s", type(self).__name__, self.is_hybrid_swa)

    def init_decode_metadata(self, loc: torch.Tensor) -> HybridForwardMetadata:
        swa_loc = None
        if self.is_hybrid_swa:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = HybridForwardMetadata(cache_loc=loc, swa_cache_loc=swa_loc)
        return self.forward_metadata


class GeneratedAttnBackend(_HybridSWABackendBase):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        md = self.init_decode_metadata(loc)
        if md.swa_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_cache_loc
        return self.token_to_kv_pool, md.cache_loc
