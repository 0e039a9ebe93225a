"""Hybrid decode backend with a second translation branch for runners that share an allocator."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None
        allocator = model_runner.token_to_kv_pool_allocator
        # Runners that share the allocator (speculative workers) keep the windowed slots in
        # step with it through its mapping table.
        self.shared_mapping: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        logger.debug(
            "swa_pool=%s shared_mapping=%s",
            self.swa_pool is not None,
            self.shared_mapping is not None,
        )

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_seq_lens = torch.ones(max_bs, dtype=torch.int32)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        elif self.shared_mapping is not None:
            loc = torch.index_select(self.shared_mapping, 0, loc)
        return self.pool, loc
