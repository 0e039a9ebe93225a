"""Decode backend with cuda-graph capture buffers for hybrid sliding-window models.
Static buffers are sized from the allocator; the SWA index buffer exists only when
the pool this runner reads is hybrid."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """Decode with static buffers that cuda-graph replays write into."""

    max_bs: int = 32

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.max_total_num_tokens = int(allocator.size)
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool
        self.init_cuda_graph_state(self.max_bs)

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_kv_indices = torch.zeros((max_bs,), dtype=torch.int64)
        self.cuda_graph_swa_kv_indices = (
            torch.zeros((max_bs,), dtype=torch.int64) if self.swa_kv_pool is not None else None
        )
        logger.debug("cuda graph buffers for bs<=%d, tokens=%d", max_bs, self.max_total_num_tokens)

    def _fill_buffers(self, loc: torch.Tensor) -> torch.Tensor:
        bs = loc.numel()
        self.cuda_graph_kv_indices[:bs].copy_(loc)
        if self.cuda_graph_swa_kv_indices is None:
            return self.cuda_graph_kv_indices[:bs]
        swa = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.cuda_graph_swa_kv_indices[:bs].copy_(swa)
        return self.cuda_graph_swa_kv_indices[:bs]

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._fill_buffers(loc).clone()
