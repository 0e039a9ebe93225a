"""FlashInfer decode backend, sliding-window index update only.

The decode indices builder packs full-pool KV indices and, for hybrid SWA
models, rewrites the packed window into the SWA pool's index space before the
wrapper plan is issued.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, swa_kv_pool: Optional[BaseSWAKVPool]):
        self._swa_kv_pool = swa_kv_pool

    def update_sliding_window(
        self, kv_indices: torch.Tensor, use_sliding_window_kv_pool: bool = False
    ) -> torch.Tensor:
        if use_sliding_window_kv_pool:
            assert self._swa_kv_pool is not None
            kv_last_index = kv_indices.shape[0]
            kv_indices = kv_indices.clone()
            kv_indices[:kv_last_index] = self._swa_kv_pool.translate_loc_from_full_to_swa(
                kv_indices[:kv_last_index]
            )
        return kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[BaseSWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(self._swa_kv_pool)
        logger.debug("flashinfer: use_sliding_window_kv_pool=%s", self.use_sliding_window_kv_pool)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
        """Return the SWA KV pool to translate against, or None for non-SWA models.

        EAGLE-like draft workers share the target allocator for token bookkeeping,
        but own a separate draft KV pool. FROZEN_KV MTP is the exception: its draft
        path reads target KV directly.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        kv_indices = self.indices_updater_decode.update_sliding_window(
            loc, use_sliding_window_kv_pool=self.use_sliding_window_kv_pool
        )
        pool = self._swa_kv_pool if self.use_sliding_window_kv_pool else self.token_to_kv_pool
        return pool, kv_indices
