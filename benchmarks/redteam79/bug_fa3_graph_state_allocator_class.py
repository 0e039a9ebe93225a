"""FlashAttention-3 style decode backend: graph buffers sized from the allocator.

``init_cuda_graph_state`` inspects the token allocator to decide whether a
separate sliding-window page table is needed, because the allocator already
knows whether full and SWA slots are handed out independently.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.max_bs = max_bs
        self.cuda_graph_state_ready = False
        self.has_swa_page_table = False

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_page_table = torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)
        self.has_swa_page_table = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        if self.has_swa_page_table:
            self.cuda_graph_swa_page_table = torch.zeros(
                max_bs, 1, dtype=torch.int64, device=self.device
            )
        self.cuda_graph_state_ready = True

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        self.cuda_graph_page_table[:bs, 0].copy_(out_cache_loc[:bs])
        if self.has_swa_page_table:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            self.cuda_graph_swa_page_table[:bs, 0].copy_(swa_loc[:bs])

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.shape[0]
        if not self.cuda_graph_state_ready:
            self.init_cuda_graph_state(max(self.max_bs, bs), max(self.max_bs, bs))
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        table = (
            self.cuda_graph_swa_page_table
            if self.has_swa_page_table
            else self.cuda_graph_page_table
        )
        return self.token_to_kv_pool, table[:bs, 0].clone()
