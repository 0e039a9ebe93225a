"""FlashInfer decode indices updater (port of FlashInferIndicesUpdaterDecode)."""

from enum import Enum, auto

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


class IndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = model_runner.sliding_window_size
        if isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
            self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
        else:
            self.dispatch_reason = None

    def update(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_wrappers = 2 if model_runner.sliding_window_size is not None else 1
        self.indices_updater_decode = IndicesUpdaterDecode(model_runner, self)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
