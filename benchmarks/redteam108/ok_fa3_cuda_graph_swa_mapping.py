"""FA3 CUDA-graph decode metadata with SWA write-target buffers.

Local edit of the upstream capture/replay path: the full->SWA mapping tensor
is bound once at graph-state init and gathered on device during replay, so
no host-side translate call is made inside the captured region.
"""

from __future__ import annotations

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 16):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.decode_cuda_graph_metadata: Dict[str, torch.Tensor] = {}

        pool = self.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(pool, SWAKVPool) and pool.swa_layer_nums > 0
        self._full_to_swa_mapping: Optional[torch.Tensor] = None
        self.init_cuda_graph_state(max_bs)

    def _in_graph_full_to_swa_index_mapping(self) -> Optional[torch.Tensor]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self.token_to_kv_pool.full_to_swa_index_mapping

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self._full_to_swa_mapping = self._in_graph_full_to_swa_index_mapping()
        self.decode_cuda_graph_metadata["cache_loc"] = torch.zeros(
            max_bs, dtype=torch.int64, device=self.device
        )
        if self._full_to_swa_mapping is not None:
            self.decode_cuda_graph_metadata["swa_cache_loc"] = torch.zeros(
                max_bs, dtype=torch.int64, device=self.device
            )
        logger.debug(
            "FA3 cuda graph state: max_bs=%d swa_mapping=%s free_slots=%d",
            max_bs,
            self._full_to_swa_mapping is not None,
            self.allocator.available_size(),
        )

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> int:
        n = loc.shape[0]
        assert n <= self.max_bs, f"batch {n} exceeds captured max_bs {self.max_bs}"
        self.decode_cuda_graph_metadata["cache_loc"][:n].copy_(loc)
        if self._full_to_swa_mapping is not None:
            swa = self.decode_cuda_graph_metadata["swa_cache_loc"]
            swa[:n].copy_(self._full_to_swa_mapping[loc])
            swa[n:].zero_()
        return n

    def forward_decode(self, loc: torch.Tensor):
        n = self.init_forward_metadata_replay_cuda_graph(loc)
        if self._full_to_swa_mapping is not None:
            return self.token_to_kv_pool, self.decode_cuda_graph_metadata["swa_cache_loc"][:n]
        return self.token_to_kv_pool, self.decode_cuda_graph_metadata["cache_loc"][:n]
