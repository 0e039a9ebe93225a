"""Attention backend dedicated to interleaved sliding-window / full-attention models.

Every decode step reads the sliding-window sub-pool, so cache locations are always
mapped from full-pool indices to SWA indices. Some pool wrappers do not forward the
translation helper; in that case the allocator (which owns the mapping) is used.
"""

from dataclasses import dataclass
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


@dataclass
class _WindowDecodeState:
    kv_pool: KVCache
    window_loc: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = 4096):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = sliding_window_size
        self.device = model_runner.device

    def _to_window_indices(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            # Wrapped pools (e.g. host-offload proxies) may not re-export the
            # helper; the allocator holds the same full->swa mapping.
            return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def init_decode_state(self, loc: torch.Tensor) -> _WindowDecodeState:
        return _WindowDecodeState(
            kv_pool=self.token_to_kv_pool,
            window_loc=self._to_window_indices(loc),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        state = self.init_decode_state(loc)
        return state.kv_pool, state.window_loc
