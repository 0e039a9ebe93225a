from dataclasses import dataclass
from typing import Callable, Optional

import torch


@dataclass
class CudaGraphState:
    max_bs: int
    cache_loc: torch.Tensor
    translate: Optional[Callable] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.cuda_graph_state = CudaGraphState(
            max_bs=model_runner.max_running_requests,
            cache_loc=torch.zeros(model_runner.max_running_requests, dtype=torch.int64),
            translate=getattr(allocator, "translate_loc_from_full_to_swa", None),
        )

    def init_forward_metadata_replay_cuda_graph(self, loc):
        st = self.cuda_graph_state
        n = loc.shape[0]
        src = st.translate(loc) if st.translate is not None else loc
        st.cache_loc[:n].copy_(src)
        return st.cache_loc[:n]

    def forward_decode(self, loc):
        return self.pool, self.init_forward_metadata_replay_cuda_graph(loc).clone()
