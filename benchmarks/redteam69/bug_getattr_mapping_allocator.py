"""Windowed decode that indexes the full->window mapping table directly.

Skipping the per-call method dispatch saves a little on the CUDA-graph
replay path; the mapping tensor is looked up once at construction time.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, use_mapping_fastpath: bool = True):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        mapping: Optional[torch.Tensor] = getattr(allocator, "full_to_swa_index_mapping", None)
        self.full_to_window: Optional[torch.Tensor] = mapping if use_mapping_fastpath else None
        if mapping is not None:
            # The windowed sub-pool is owned by the hybrid cache behind the allocator.
            self.kv_pool = allocator.get_kvcache()
        else:
            self.kv_pool = model_runner.token_to_kv_pool
        self._has_window = mapping is not None

    def _window_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.full_to_window is not None:
            return self.full_to_window[loc]
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if not self._has_window:
            return self.kv_pool, loc
        return self.kv_pool, self._window_indices(loc)
