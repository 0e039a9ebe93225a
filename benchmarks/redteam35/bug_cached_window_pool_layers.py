"""Backend that caches the window pool on first use and skips it when no layer is windowed."""

import functools
import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @functools.cached_property
    def window_pool(self):
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if getattr(cache, "swa_layer_nums", 0) > 0:
            logger.info("window layers: %d", cache.swa_layer_nums)
            return cache
        return None

    def _pool_and_locations(self, loc: torch.Tensor):
        pool = self.window_pool
        if pool is None:
            return self.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)

    def init_cuda_graph_state(self, max_bs: int) -> None:
        self.cuda_graph_cache_loc = torch.zeros(max_bs, dtype=torch.int64)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        if self.page_size == 1:
            return loc
        return loc - loc % self.page_size

    def forward_decode(self, loc):
        return self._pool_and_locations(loc)
