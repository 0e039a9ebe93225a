"""Decode backend that captures the full->SWA index table once for its CUDA-graph replay."""

import contextlib
import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # The table is a static tensor: graphs captured against it stay valid across steps.
        self._full_to_swa: Optional[torch.Tensor] = None
        with contextlib.suppress(AttributeError):
            self._full_to_swa = allocator.full_to_swa_index_mapping
        self.graph_out_loc: Optional[torch.Tensor] = None
        if self._full_to_swa is not None:
            logger.info("captured full->swa table with %d entries", self._full_to_swa.numel())

    def init_cuda_graph_state(self, max_num_tokens: int):
        self.graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata_replay_cuda_graph(self, out_cache_loc: torch.Tensor):
        n = out_cache_loc.shape[0]
        if self._full_to_swa is not None:
            self.graph_out_loc[:n].copy_(self._full_to_swa[out_cache_loc])
        else:
            self.graph_out_loc[:n].copy_(out_cache_loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self._full_to_swa is not None:
            loc = self._full_to_swa[loc]
        return self.token_to_kv_pool, loc
