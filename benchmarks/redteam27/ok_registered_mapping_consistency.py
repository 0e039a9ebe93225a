"""Hybrid decode backend that checks the pool and allocator agree on the full->SWA table."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = None
        if isinstance(self.pool, SWAKVPool):
            self.full_to_swa = self.pool.full_to_swa_index_mapping
            # The allocator registers its table on the pool; a different tensor here means the
            # pool was rebuilt without re-registering and window reads would be stale.
            registered = getattr(allocator, "full_to_swa_index_mapping", None)
            if registered is not None and registered is not self.full_to_swa:
                logger.warning("full->swa mapping on the pool is not the allocator's table")
            assert self.full_to_swa is not None, "hybrid pool without full->swa mapping"
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_num_tokens: int):
        if self.full_to_swa is not None:
            self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_replay_cuda_graph(self, out_cache_loc: torch.Tensor):
        if self.cuda_graph_swa_loc is None:
            return
        n = out_cache_loc.shape[0]
        self.cuda_graph_swa_loc[:n].copy_(self.full_to_swa[out_cache_loc])

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self.full_to_swa is None:
            return self.pool, loc
        return self.pool, self.full_to_swa[loc]
