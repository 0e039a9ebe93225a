"""Backend that gates window handling on its pool and translates through the allocator."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # Only a runner whose own pool is hybrid has window layers to address.
        self.use_sliding_window = isinstance(self.token_to_kv_pool, SWAKVPool)
        if self.use_sliding_window:
            logger.info("sliding window enabled (%d layers)", self.token_to_kv_pool.swa_layer_nums)

    def _to_window(self, loc: torch.Tensor) -> torch.Tensor:
        # Same mapping tensor the pool registered; the allocator keeps it current.
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)
        if self.use_sliding_window:
            self.cuda_graph_swa_loc = torch.zeros_like(self.cuda_graph_cache_loc)
        else:
            self.cuda_graph_swa_loc = None

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        swa_loc = self._to_window(loc) if self.use_sliding_window else None
        return {"cache_loc": loc, "swa_cache_loc": swa_loc}

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self._to_window(loc)
        return self.token_to_kv_pool, loc
