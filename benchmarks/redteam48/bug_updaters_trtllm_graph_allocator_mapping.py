"""TRTLLM-style decode backend filling its cuda-graph SWA page table from the allocator mapping."""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.max_bs = getattr(model_runner, "max_running_requests", None) or 16
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa_index_mapping = getattr(
            self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None
        )
        self.cuda_graph_page_table = None
        self.cuda_graph_swa_page_table = None

    def init_cuda_graph_state(self, max_tokens: int):
        self.cuda_graph_page_table = torch.zeros(max_tokens, dtype=torch.int64)
        if self.full_to_swa_index_mapping is not None:
            self.cuda_graph_swa_page_table = torch.zeros(max_tokens, dtype=torch.int64)
        logger.debug("cuda graph page tables sized for %d tokens", max_tokens)

    def init_forward_metadata_replay_cuda_graph(self, loc: torch.Tensor) -> torch.Tensor:
        n = loc.numel()
        if self.cuda_graph_page_table is None or n > self.cuda_graph_page_table.numel():
            self.init_cuda_graph_state(max(n, self.max_bs))
        self.cuda_graph_page_table[:n] = loc
        if self.cuda_graph_swa_page_table is None:
            return self.cuda_graph_page_table[:n].clone()
        self.cuda_graph_swa_page_table[:n] = self.full_to_swa_index_mapping[
            self.cuda_graph_page_table[:n]
        ]
        return self.cuda_graph_swa_page_table[:n].clone()

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata_replay_cuda_graph(loc)
