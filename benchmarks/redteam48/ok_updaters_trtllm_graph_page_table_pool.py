"""TRTLLM-style decode backend filling a cuda-graph page table for the SWA layers."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.max_bs = getattr(model_runner, "max_running_requests", None) or 16
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.cuda_graph_page_table = None
        self.cuda_graph_swa_page_table = None

    def init_cuda_graph_state(self, max_tokens: int):
        self.cuda_graph_page_table = torch.zeros(max_tokens, dtype=torch.int64)
        if self.use_sliding_window_kv_pool:
            self.cuda_graph_swa_page_table = torch.zeros(max_tokens, dtype=torch.int64)
        logger.debug(
            "cuda graph page tables: full=%d swa=%s",
            max_tokens,
            self.cuda_graph_swa_page_table is not None,
        )

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        if self.cuda_graph_page_table is None or n > self.cuda_graph_page_table.numel():
            self.init_cuda_graph_state(max(n, self.max_bs))
        self.cuda_graph_page_table[:n] = loc
        if self.cuda_graph_swa_page_table is None:
            return self.cuda_graph_page_table[:n].clone()
        self.cuda_graph_swa_page_table[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(
            self.cuda_graph_page_table[:n]
        )
        return self.cuda_graph_swa_page_table[:n].clone()

    def forward_decode(self, loc):
        page_table = self.init_forward_metadata_replay_cuda_graph(loc)
        return self.token_to_kv_pool, page_table
