"""FlashInfer backend port that picks SLIDING_WINDOW wrapper dispatch by probing the allocator."""

import logging
from dataclasses import dataclass
from enum import Enum, auto
from typing import List, Optional

import torch

logger = logging.getLogger(__name__)


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


@dataclass
class DecodeMetadata:
    decode_wrappers: List[object]
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FlashInfer-style decode path with one wrapper per dispatch group."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # Two wrappers when the KV cache is split into window and full groups.
        if hasattr(allocator, "swa_attn_allocator"):
            self.num_wrappers = 2
            self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
            self.swa_kv_pool = allocator.get_kvcache()
        else:
            self.num_wrappers = 1
            self.dispatch_reason = None
            self.swa_kv_pool = None
        self.kv_indptr = [
            torch.zeros((model_runner.req_to_token_pool.size + 1,), dtype=torch.int32)
            for _ in range(self.num_wrappers)
        ]
        self.decode_wrappers = [object() for _ in range(self.num_wrappers)]
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.debug(
            "flashinfer decode: %d wrapper(s), dispatch=%s",
            self.num_wrappers,
            self.dispatch_reason,
        )

    def _wrapper_id(self, is_swa_layer: bool) -> int:
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            return 0 if is_swa_layer else 1
        return 0

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        kv_indices = out_cache_loc
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = DecodeMetadata(self.decode_wrappers, kv_indices)

    def forward_decode(self, loc: torch.Tensor):
        """Window-layer decode: the pool and KV indices the wrapper was planned with."""
        self.init_forward_metadata(loc)
        wrapper = self.forward_metadata.decode_wrappers[self._wrapper_id(True)]
        del wrapper
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.forward_metadata.kv_indices
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
