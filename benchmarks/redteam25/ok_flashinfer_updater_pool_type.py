"""FlashInfer-style backend whose indices updaters plan a sliding-window wrapper and a full wrapper."""

import logging
from enum import Enum, auto

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


class _Wrapper:
    def __init__(self, window_left):
        self.window_left = window_left
        self.kv_indices = None

    def plan(self, kv_indices):
        self.kv_indices = kv_indices


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        # Allocator is only needed for its page size when computing last-page lengths.
        self.page_size = getattr(model_runner.token_to_kv_pool_allocator, "page_size", 1)
        self.token_to_kv_pool = attn_backend.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

    def update_sliding_window(self, loc, wrappers):
        for wrapper_id, wrapper in enumerate(wrappers):
            kv_indices = loc.to(torch.int64)
            if wrapper_id == 0 and self.use_sliding_window_kv_pool:
                kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)
            wrapper.plan(kv_indices)

    def update(self, loc, wrappers):
        if self.attn_backend.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            self.update_sliding_window(loc, wrappers)
        else:
            wrappers[0].plan(loc.to(torch.int64))


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        window = getattr(model_runner, "sliding_window_size", None) or 1024
        self.dispatch_reason = WrapperDispatch.SLIDING_WINDOW
        self.decode_wrappers = [_Wrapper(window - 1), _Wrapper(-1)]
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        self.last_page_len = torch.ones(
            getattr(model_runner, "max_running_requests", 1), dtype=torch.int32
        )
        logger.debug(
            "flashinfer updater swa=%s", self.indices_updater_decode.use_sliding_window_kv_pool
        )

    def init_forward_metadata(self, loc):
        self.indices_updater_decode.update(loc, self.decode_wrappers)

    def forward(self, loc, layer_window=1024, mode="decode"):
        if mode in ("decode", "target_verify"):
            self.init_forward_metadata(loc)
        idx = (
            int(layer_window == -1) if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW else 0
        )
        return self.token_to_kv_pool, self.decode_wrappers[idx].kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
