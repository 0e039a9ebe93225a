"""Decode backend that binds the full->SWA translator when graph state is built.

The bound translator is invoked on every replay to refresh the static
``cuda_graph_swa_out_cache_loc`` buffer; binding once avoids an attribute
lookup inside the hot replay path.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        self.cuda_graph_out_cache_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self._translate = getattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None
        )
        if self._translate is not None:
            self.cuda_graph_swa_out_cache_loc = torch.zeros_like(self.cuda_graph_out_cache_loc)
        logger.debug("graph state ready, swa translation=%s", self._translate is not None)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        n = out_cache_loc.numel()
        self.cuda_graph_out_cache_loc[:n].copy_(out_cache_loc)
        if self._translate is not None:
            self.cuda_graph_swa_out_cache_loc[:n].copy_(self._translate(out_cache_loc))

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if self.cuda_graph_out_cache_loc is None:
            self.init_cuda_graph_state(self.max_bs, max(self.max_bs, n))
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        if self._translate is not None:
            return self.token_to_kv_pool, self.cuda_graph_swa_out_cache_loc[:n].clone()
        return self.token_to_kv_pool, self.cuda_graph_out_cache_loc[:n].clone()
