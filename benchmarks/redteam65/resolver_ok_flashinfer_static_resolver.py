"""FlashInfer decode backend: wrapper dispatch between full and sliding-window layers.

FlashInfer keeps two decode wrappers for hybrid models, one indexed in full-pool
coordinates and one in SWA-pool coordinates. ``_resolve_swa_kv_pool`` picks the
SWA pool the SWA wrapper is planned against.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, List, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


class WrapperDispatch:
    SLIDING_WINDOW = 0
    CROSS_ATTENTION = 1


class DecodeMetadata:
    def __init__(self, decode_wrappers: List[str], kv_indices: List[torch.Tensor]):
        self.decode_wrappers = decode_wrappers
        self.kv_indices = kv_indices


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner: ModelRunner, skip_prefill: bool = False):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.dispatch_reason = (
            WrapperDispatch.SLIDING_WINDOW if self.swa_kv_pool is not None else None
        )
        self.num_wrappers = 2 if self.dispatch_reason is not None else 1
        self.forward_metadata: Optional[DecodeMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner: ModelRunner) -> Optional[BaseSWAKVPool]:
        """Return the SWA KV pool to translate against, or None for non-SWA models.

        Draft workers share the target allocator for bookkeeping but own a
        separate draft KV pool. FROZEN_KV MTP reads target KV directly.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool

        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def _update_sliding_window(self, wrapper_id: int, kv_indices: torch.Tensor) -> torch.Tensor:
        if wrapper_id == 0 and self.swa_kv_pool is not None:
            return self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def init_forward_metadata(self, kv_indices: torch.Tensor) -> None:
        per_wrapper = [self._update_sliding_window(i, kv_indices) for i in range(self.num_wrappers)]
        self.forward_metadata = DecodeMetadata(["decode"] * self.num_wrappers, per_wrapper)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.forward_metadata.kv_indices[0]
        return self.token_to_kv_pool, self.forward_metadata.kv_indices[0]
