"""FlashInfer attention backend (decode), fork of sglang flashinfer_backend.py.

We hoisted the pool lookup into ``__init__``: the backend keeps ``self.kv_cache`` and
decides sliding-window handling from it, rather than re-reading the runner each step.
"""

from __future__ import annotations

import logging
from enum import Enum, auto

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WrapperDispatch(Enum):
    SLIDING_WINDOW = auto()
    CROSS_ATTENTION = auto()


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, init_new_workspace: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.init_new_workspace = init_new_workspace
        self.req_to_token = model_runner.req_to_token_pool
        # get_kvcache() always returns the concrete pool the allocator was built with.
        self.kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.dispatch_reason = (
            WrapperDispatch.SLIDING_WINDOW if isinstance(self.kv_cache, SWAKVPool) else None
        )
        logger.debug("FlashInfer dispatch_reason=%s", self.dispatch_reason)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.dispatch_reason == WrapperDispatch.SLIDING_WINDOW:
            return self.kv_cache.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_cache, self._kv_indices(loc)
