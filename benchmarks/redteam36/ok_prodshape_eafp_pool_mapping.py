"""Decode backend probing its own pool for a full->SWA mapping, EAFP style."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphState:
    loc: torch.Tensor
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = int(getattr(allocator, "page_size", 1) or 1)
        try:
            mapping = self.token_to_kv_pool.full_to_swa_index_mapping
        except AttributeError:
            mapping = None
        self.full_to_swa: Optional[torch.Tensor] = mapping
        self.graph_state: Optional[GraphState] = None
        logger.debug(
            "pool=%s allocator=%s swa_mapping=%s",
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
            mapping is not None,
        )

    def init_cuda_graph_state(self, max_bs: int):
        self.graph_state = GraphState(
            loc=torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        )
        if self.full_to_swa is not None:
            self.graph_state.swa_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        bs = loc.shape[0]
        if self.graph_state is None or self.graph_state.loc.shape[0] < bs:
            self.init_cuda_graph_state(max(bs, 8))
        state = self.graph_state
        state.loc[:bs].copy_(loc)
        if self.full_to_swa is None:
            return self.token_to_kv_pool, state.loc[:bs].clone()
        state.swa_loc[:bs].copy_(self.full_to_swa[state.loc[:bs]])
        return self.token_to_kv_pool, state.swa_loc[:bs].clone()
