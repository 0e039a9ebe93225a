"""NSA-style backend port with CUDA-graph state and a stored full->SWA table."""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class NSAGraphState:
    cache_loc: torch.Tensor
    swa_loc: Optional[torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = model_runner.max_running_requests
        self.device = model_runner.device
        self._full_to_swa = getattr(
            model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self.graph_state: Optional[NSAGraphState] = None

    def init_cuda_graph_state(self, max_num_tokens: int):
        swa_loc = None
        if self._full_to_swa is not None:
            swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        self.graph_state = NSAGraphState(
            cache_loc=torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
            swa_loc=swa_loc,
        )

    def replay_cuda_graph(self, loc: torch.Tensor):
        n = loc.numel()
        st = self.graph_state
        st.cache_loc[:n].copy_(loc)
        if st.swa_loc is not None:
            st.swa_loc[:n].copy_(self._full_to_swa[loc])
            return st.swa_loc[:n]
        return st.cache_loc[:n]

    def forward_decode(self, loc):
        if self.graph_state is None:
            self.init_cuda_graph_state(self.max_bs * 8)
        return self.token_to_kv_pool, self.replay_cuda_graph(loc).clone()
