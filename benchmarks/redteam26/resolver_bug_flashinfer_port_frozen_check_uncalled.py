"""FlashInfer backend port whose SWA-pool resolver tests is_frozen_kv_mtp without calling it."""

import logging
from dataclasses import dataclass
from enum import Enum, auto
from typing import List, Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


@dataclass
class DecodeMetadata:
    decode_wrappers: List[object]
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FlashInferAttnBackend decode with sliding-window wrapper dispatch."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[BaseSWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.num_wrappers = 2 if self._swa_kv_pool is not None else 1
        self.dispatch_reason = (
            WrapperDispatch.SLIDING_WINDOW if self._swa_kv_pool is not None else None
        )
        self.decode_wrappers = [object() for _ in range(self.num_wrappers)]
        self.forward_metadata: Optional[DecodeMetadata] = None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
        """Return the SWA KV pool to translate against, or None for non-SWA models."""
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, BaseSWAKVPool):
            return active_pool

        spec = model_runner.spec_algorithm
        if model_runner.is_draft_worker and not spec.is_frozen_kv_mtp:
            return None

        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, BaseSWAKVPool) else None

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = loc
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            kv_indices = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(self.decode_wrappers, kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        """Window wrapper: (pool, kv indices)."""
        self.init_forward_metadata(loc)
        pool = self._swa_kv_pool if self._swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self.forward_metadata.kv_indices
