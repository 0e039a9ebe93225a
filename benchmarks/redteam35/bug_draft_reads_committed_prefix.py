"""Speculative-aware backend: draft steps attend over the verified prefix."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.is_draft_worker = bool(getattr(model_runner, "is_draft_worker", False))
        pool = model_runner.token_to_kv_pool
        if self.is_draft_worker:
            # Draft steps extend the verified prefix, which the target committed
            # through the shared allocator; attend over that cache.
            pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_pool = pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None
        logger.debug("draft=%s window=%s", self.is_draft_worker, self.swa_pool is not None)

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        md = {"cache_loc": loc, "page_size": self.page_size}
        if self.swa_pool is not None:
            md["swa_cache_loc"] = self._window_locations(loc)
        return md

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self._window_locations(loc)
        return self.kv_pool, loc
