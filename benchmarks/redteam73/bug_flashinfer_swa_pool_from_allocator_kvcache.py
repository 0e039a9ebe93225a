"""FlashInfer decode backend: SWA index space setup.

The SWA pool is taken from the token allocator, which owns the mapping table
(``full_to_swa_index_mapping`` is registered on the cache by the allocator).
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, attn_backend: "GeneratedAttnBackend"):
        self.attn_backend = attn_backend

    def call_begin_forward(self, kv_indices: torch.Tensor) -> torch.Tensor:
        backend = self.attn_backend
        if backend.use_sliding_window_kv_pool:
            kv_last_index = kv_indices.shape[0]
            kv_indices = kv_indices.clone()
            kv_indices[:kv_last_index] = backend._swa_kv_pool.translate_loc_from_full_to_swa(
                kv_indices[:kv_last_index]
            )
        return kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self._swa_kv_pool: Optional[BaseSWAKVPool] = (
            kvcache if isinstance(kvcache, BaseSWAKVPool) else None
        )
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(self)
        if self.use_sliding_window_kv_pool:
            logger.info("FlashInfer: hybrid SWA KV cache detected")

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self.indices_updater_decode.call_begin_forward(loc)
        if self.use_sliding_window_kv_pool:
            return self._swa_kv_pool, kv_indices
        return self.token_to_kv_pool, kv_indices
