"""FlashInfer-style backend whose decode indices updater splits wrappers for sliding-window layers."""

import logging
from enum import Enum, auto

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


class _DecodeWrapper:
    def __init__(self, window_left):
        self.window_left = window_left
        self.kv_indices = None

    def plan(self, kv_indices):
        self.kv_indices = kv_indices


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.num_wrappers = attn_backend.num_wrappers
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None) or 1024
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )

    def update_sliding_window(self, loc, wrappers):
        for wrapper_id, wrapper in enumerate(wrappers):
            kv_indices = loc.to(torch.int64)
            if wrapper_id == 0 and self.use_sliding_window_kv_pool:
                kv_indices = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                    kv_indices
                )
            wrapper.plan(kv_indices)

    def update_single_wrapper(self, loc, wrappers):
        wrappers[0].plan(loc.to(torch.int64))

    def update(self, loc, wrappers):
        if self.attn_backend.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            self.update_sliding_window(loc, wrappers)
        else:
            self.update_single_wrapper(loc, wrappers)


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.is_multimodal = getattr(model_runner.model_config, "is_multimodal", False)
        window = getattr(model_runner, "sliding_window_size", None) or 1024
        self.num_wrappers = 2
        self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
        self.decode_wrappers = [_DecodeWrapper(window - 1), _DecodeWrapper(-1)]
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        self.decode_cuda_graph_metadata = {}

    def _get_wrapper_idx(self, layer_window):
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            return int(layer_window == -1)
        return 0

    def init_forward_metadata(self, loc):
        self.indices_updater_decode.update(loc, self.decode_wrappers)

    def forward(self, loc, layer_window=1024, mode="decode"):
        if mode == "decode":
            self.init_forward_metadata(loc)
        wrapper = self.decode_wrappers[self._get_wrapper_idx(layer_window)]
        return self.token_to_kv_pool, wrapper.kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
