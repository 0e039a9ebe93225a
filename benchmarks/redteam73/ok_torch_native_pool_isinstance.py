"""Torch-native SDPA backend, decode path only.

Keeps references to the runner's pools at construction time so they outlive
the ForwardBatch fields, and translates the write locations into the SWA
index space when the active pool is a hybrid sliding-window pool.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.forward_metadata = None
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        # Pool refs -- captured at construction so they survive deletion of the
        # corresponding ForwardBatch fields.
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool)
            and self.token_to_kv_pool.swa_layer_nums > 0
        )
        # full->SWA translated out_cache_loc, computed once per forward
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def _init_swa_out_cache_loc(self, out_cache_loc: Optional[torch.Tensor]) -> None:
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc: torch.Tensor):
        self._init_swa_out_cache_loc(loc)
        if self.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, self.swa_out_cache_loc
        return self.token_to_kv_pool, loc
