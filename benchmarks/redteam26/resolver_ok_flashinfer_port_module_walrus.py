"""FlashInfer backend port with a module-level SWA-pool resolver written with walrus and one combined skip test."""

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


def resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
    """The SWA pool this runner translates against (None: no translation)."""
    if isinstance(active := model_runner.token_to_kv_pool, BaseSWAKVPool):
        return active
    own_pool_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    if own_pool_draft:
        return None
    if isinstance(kv := model_runner.token_to_kv_pool_allocator.get_kvcache(), BaseSWAKVPool):
        return kv
    return None


@dataclass
class DecodeMetadata:
    decode_wrappers: List[object]
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FlashInferAttnBackend decode with sliding-window wrapper dispatch."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = resolve_swa_kv_pool(model_runner)
        if self._swa_kv_pool is not None:
            self.num_wrappers = 2
            self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
        else:
            self.num_wrappers = 1
            self.dispatch_reason = None
        self.decode_wrappers = [object() for _ in range(self.num_wrappers)]
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = loc
        if self._swa_kv_pool is not None:
            kv_indices = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(self.decode_wrappers, kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        """Window wrapper: (pool, kv indices)."""
        self.init_forward_metadata(loc)
        pool = self._swa_kv_pool if self._swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self.forward_metadata.kv_indices
