"""Paged decode backend with staged initialisation.

``__init__`` is split into ``_init_pool``, ``_init_paging`` and
``_init_decode_buffers`` so subclasses can override a single stage.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_reqs: int = 8):
        self.model_runner = model_runner
        self.max_num_reqs = max_num_reqs
        self._init_pool(model_runner)
        self._init_paging(model_runner)
        self._init_decode_buffers()

    def _init_pool(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = type(allocator.get_kvcache()) is SWAKVPool
        self.kv_pool = model_runner.token_to_kv_pool

    def _init_paging(self, model_runner) -> None:
        self.page_size = model_runner.page_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.total_pages = max(1, allocator.size // max(1, self.page_size))
        logger.debug("paging: page_size=%d total_pages=%d", self.page_size, self.total_pages)

    def _init_decode_buffers(self) -> None:
        self.page_table = torch.zeros(self.max_num_reqs, 16, dtype=torch.int32)
        self.cache_seqlens = torch.zeros(self.max_num_reqs, dtype=torch.int32)

    def _page_ids(self, loc: torch.Tensor) -> torch.Tensor:
        return torch.div(loc, self.page_size, rounding_mode="floor")

    def forward_decode(self, loc: torch.Tensor):
        n = min(loc.numel(), self.max_num_reqs)
        self.page_table[:n, 0] = self._page_ids(loc[:n]).to(torch.int32)
        if self.is_hybrid_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
