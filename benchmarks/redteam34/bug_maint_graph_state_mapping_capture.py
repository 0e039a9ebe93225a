"""CUDA-graph capable decode backend that snapshots the full->SWA mapping for replay."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)

_DEFAULT_MAX_BS = 160


@dataclass
class _GraphState:
    max_bs: int
    cache_seqlens: torch.Tensor
    out_cache_loc: torch.Tensor
    extras: Dict[str, torch.Tensor] = field(default_factory=dict)


def _graph_max_bs(server_args) -> int:
    value = getattr(server_args, "cuda_graph_max_bs_decode", None)
    return int(value) if value else _DEFAULT_MAX_BS


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.disable_graph = bool(model_runner.server_args.disable_cuda_graph)
        self.graph_state: Optional[_GraphState] = None
        # Raw full->swa index tensor, captured once so replay does not touch
        # Python objects on the hot path.
        self._full_to_swa: Optional[torch.Tensor] = getattr(
            self.allocator, "full_to_swa_index_mapping", None
        )
        if not self.disable_graph:
            self.init_cuda_graph_state(_graph_max_bs(model_runner.server_args))

    def init_cuda_graph_state(self, max_bs: int):
        self.graph_state = _GraphState(
            max_bs=max_bs,
            cache_seqlens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            out_cache_loc=torch.zeros(max_bs, dtype=torch.int64, device=self.device),
        )
        if self._full_to_swa is not None:
            self.graph_state.extras["swa_out_cache_loc"] = torch.zeros(
                max_bs, dtype=torch.int64, device=self.device
            )
        logger.debug("graph state for bs<=%d (swa=%s)", max_bs, self._full_to_swa is not None)

    def replay(self, bs: int, out_cache_loc: torch.Tensor):
        st = self.graph_state
        assert st is not None and bs <= st.max_bs
        st.out_cache_loc[:bs].copy_(out_cache_loc)
        if "swa_out_cache_loc" in st.extras:
            st.extras["swa_out_cache_loc"][:bs].copy_(self._full_to_swa[out_cache_loc])

    def forward_decode(self, loc):
        if self._full_to_swa is not None:
            loc = self._full_to_swa[loc]
            return self.kv_pool, loc
        return self.kv_pool, loc
