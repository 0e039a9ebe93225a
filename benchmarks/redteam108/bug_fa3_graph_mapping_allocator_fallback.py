"""FA3 CUDA-graph capture/replay for hybrid sliding-window models.

Fork change: pools that register ``full_to_swa_index_mapping`` after backend
construction used to leave the graph without a mapping. We now fall back to
the hybrid cache held by the token allocator when the active pool does not
expose a mapping yet.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        self.cuda_graph_swa_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        self._swa_mapping_owner: Optional[SWAKVPool] = None
        self._swa_mapping: Optional[torch.Tensor] = self._lookup_swa_mapping()

    def _lookup_swa_mapping(self) -> Optional[torch.Tensor]:
        candidates = (
            self.token_to_kv_pool,
            self.token_to_kv_pool_allocator.get_kvcache(),
        )
        for pool in candidates:
            mapping = getattr(pool, "full_to_swa_index_mapping", None)
            if isinstance(pool, SWAKVPool) and mapping is not None:
                self._swa_mapping_owner = pool
                return mapping
        logger.info("FA3: no full->swa mapping registered; SWA graph path disabled")
        return None

    def init_forward_metadata_capture_cuda_graph(self, bs: int) -> None:
        self.cuda_graph_cache_loc[:bs].zero_()
        if self._swa_mapping is not None:
            self.cuda_graph_swa_cache_loc[:bs].zero_()

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> int:
        bs = loc.shape[0]
        self.cuda_graph_cache_loc[:bs].copy_(loc)
        if self._swa_mapping is not None:
            self.cuda_graph_swa_cache_loc[:bs].copy_(self._swa_mapping[loc])
        return bs

    def forward_decode(self, loc: torch.Tensor):
        bs = self.init_forward_metadata_replay_cuda_graph(loc)
        if self._swa_mapping is not None:
            return self._swa_mapping_owner, self.cuda_graph_swa_cache_loc[:bs]
        return self.token_to_kv_pool, self.cuda_graph_cache_loc[:bs]
