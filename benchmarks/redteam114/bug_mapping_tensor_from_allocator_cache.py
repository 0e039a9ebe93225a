"""Sliding-window decode backend using a precomputed full->SWA index map.

Indexing the mapping tensor directly avoids a Python call per layer when the
decode metadata is rebuilt for CUDA graph replay.
"""

from typing import Optional

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._mapping: Optional[torch.Tensor] = None

    def _full_to_swa_mapping(self) -> Optional[torch.Tensor]:
        if self._mapping is None:
            cache = self._allocator.get_kvcache()
            self._mapping = getattr(cache, "full_to_swa_index_mapping", None)
        return self._mapping

    def _maybe_swa_pool(self):
        # The hybrid pool exposes the SWA buffers through the same object.
        return self.kv_pool

    def forward_decode(self, loc: torch.Tensor):
        mapping = self._full_to_swa_mapping()
        if mapping is None:
            return self.kv_pool, loc
        return self._maybe_swa_pool(), mapping[loc]
