"""Decode backend with CUDA-graph replay; the window map lives in a static graph buffer."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.graph_swa_map: Optional[torch.Tensor] = None
        self.graph_out_loc: Optional[torch.Tensor] = None
        self.init_cuda_graph_state(self.max_bs, self.max_bs)

    def _source_mapping(self) -> Optional[torch.Tensor]:
        # Prefer the pool's own map; older pools only register it on the allocator.
        mapping = getattr(self.kv_pool, "full_to_swa_index_mapping", None)
        if mapping is None:
            mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)
        return mapping

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        mapping = self._source_mapping()
        if mapping is not None:
            # Static copy so captured graphs see a stable address.
            self.graph_swa_map = mapping.clone()
            logger.info("captured window map with %d entries", mapping.numel())

    def init_forward_metadata(self, forward_batch):
        self.graph_out_loc[: forward_batch.out_cache_loc.numel()].copy_(forward_batch.out_cache_loc)

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor):
        n = loc.numel()
        self.graph_out_loc[:n].copy_(loc)
        if self.graph_swa_map is None:
            return self.graph_out_loc[:n]
        return self.graph_swa_map.index_select(0, self.graph_out_loc[:n])

    def forward_decode(self, loc):
        return self.kv_pool, self.init_forward_metadata_replay_cuda_graph(loc).clone()
