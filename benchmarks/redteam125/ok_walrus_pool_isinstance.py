"""Ragged decode backend with sliding-window index translation.

The sliding-window check is done inline against the pool this backend reads,
and the compacted indices are produced only for hybrid pools.
"""

from typing import NamedTuple, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeView(NamedTuple):
    pool: KVCache
    kv_indices: torch.Tensor


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_head_splits: int = 1):
        super().__init__()
        self.num_head_splits = num_head_splits
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(pool := self.token_to_kv_pool, SWAKVPool):
            self.swa_pool = pool

    def _view(self, loc: torch.Tensor) -> DecodeView:
        if (swa := self.swa_pool) is not None:
            return DecodeView(swa, swa.translate_loc_from_full_to_swa(loc))
        return DecodeView(self.token_to_kv_pool, loc)

    def forward_decode(self, loc: torch.Tensor):
        view = self._view(loc)
        return view.pool, view.kv_indices
