"""Decode backend with static CUDA-graph buffers for the page table.

A second page table is kept for sliding-window layers when the runner's KV pool
is hybrid; replay copies translated locations into it in place.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8, max_context_len: int = 64):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = max_context_len
        pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        self.cuda_graph_state: Dict[str, torch.Tensor] = {}
        self.init_cuda_graph_state(max_bs)

    def init_cuda_graph_state(self, max_bs: int) -> None:
        pages = self.max_context_len // self.page_size
        self.cuda_graph_state["page_table"] = torch.zeros(
            (max_bs, pages), dtype=torch.int64, device=self.device
        )
        self.cuda_graph_state["out_cache_loc"] = torch.zeros(
            max_bs, dtype=torch.int64, device=self.device
        )
        if self.swa_pool is not None:
            self.cuda_graph_state["swa_page_table"] = torch.zeros_like(
                self.cuda_graph_state["page_table"]
            )
            self.cuda_graph_state["swa_out_cache_loc"] = torch.zeros(
                max_bs, dtype=torch.int64, device=self.device
            )
        logger.debug("cuda graph buffers: %s", sorted(self.cuda_graph_state))

    def replay_decode(self, loc: torch.Tensor) -> torch.Tensor:
        bs = loc.numel()
        self.cuda_graph_state["out_cache_loc"][:bs].copy_(loc)
        if self.swa_pool is None:
            return self.cuda_graph_state["out_cache_loc"][:bs]
        buf = self.cuda_graph_state["swa_out_cache_loc"]
        buf[:bs].copy_(self.swa_pool.translate_loc_from_full_to_swa(loc))
        return buf[:bs]

    def forward_decode(self, loc: torch.Tensor):
        locations = self.replay_decode(loc).clone()
        pool = self.swa_pool if self.swa_pool is not None else self.token_to_kv_pool
        return pool, locations
