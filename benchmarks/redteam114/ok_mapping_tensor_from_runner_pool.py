"""Sliding-window decode backend that indexes the full->SWA map directly.

The map is read from the runner's own hybrid pool and cached for graph replay.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.kv_pool = model_runner.token_to_kv_pool
        self._swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._mapping: Optional[torch.Tensor] = None

    def _full_to_swa_mapping(self) -> Optional[torch.Tensor]:
        if self._swa_pool is None:
            return None
        if self._mapping is None:
            self._mapping = self._swa_pool.full_to_swa_index_mapping
        return self._mapping

    def forward_decode(self, loc: torch.Tensor):
        mapping = self._full_to_swa_mapping()
        if mapping is None:
            return self.kv_pool, loc
        return self._swa_pool, mapping[loc]
