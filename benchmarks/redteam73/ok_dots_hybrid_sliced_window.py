"""Dots hybrid SWA/MLA backend: decode KV index slicing.

Each request keeps at most ``sliding_window_size`` trailing tokens; the sliced
indices are translated into the SWA pool of the active runner.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DotsSWADecodeMetadata:
    kv_indices: torch.Tensor
    is_swa: bool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        super().__init__()
        self.device = model_runner.device
        self.sliding_window_size = sliding_window_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._decode_metadata: Optional[DotsSWADecodeMetadata] = None

    @property
    def _is_swa_pool(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def _slice_window(self, batch_kv_indices: torch.Tensor) -> torch.Tensor:
        kv_len = batch_kv_indices.shape[0]
        tail_len = min(self.sliding_window_size, kv_len)
        return batch_kv_indices[kv_len - tail_len : kv_len]

    def init_decode_metadata(self, loc: torch.Tensor) -> DotsSWADecodeMetadata:
        full_kv_indices = self._slice_window(loc)
        if not self._is_swa_pool:
            return DotsSWADecodeMetadata(kv_indices=full_kv_indices, is_swa=False)
        kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(full_kv_indices)
        return DotsSWADecodeMetadata(kv_indices=kv_indices, is_swa=True)

    def forward_decode(self, loc: torch.Tensor):
        self._decode_metadata = self.init_decode_metadata(loc)
        return self.token_to_kv_pool, self._decode_metadata.kv_indices
