"""Decode backend that sizes window buffers when the allocator keeps two free lists."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        state = vars(allocator)

        # Hybrid allocators keep a separate free list for the sliding-window layers.
        self.two_free_lists = "swa_attn_allocator" in state and "full_attn_allocator" in state
        self.swa_indices: Optional[torch.Tensor] = None
        if self.two_free_lists:
            swa_capacity = state["swa_attn_allocator"].size
            self.swa_indices = torch.zeros(swa_capacity, dtype=torch.int64, device=self.device)
            logger.info("sliding-window free list: %d slots", swa_capacity)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.out_cache_loc = out_cache_loc

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        self.cuda_graph_seq_lens = torch.ones(max_bs, dtype=torch.int32, device=self.device)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_extend(self, loc):
        raise NotImplementedError("decode-only backend")

    def forward_decode(self, loc):
        if self.two_free_lists:
            loc = self.pool.full_to_swa_index_mapping[loc]
        return self.pool, loc
