"""Paged decode backend that reads sliding-window layers through an index mapping."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _PagedDecodeBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa_index_mapping: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.decode_calls = 0

    def _map_to_swa(self, loc: torch.Tensor) -> torch.Tensor:
        return self.full_to_swa_index_mapping[loc]


class GeneratedAttnBackend(_PagedDecodeBase):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.full_to_swa_index_mapping = self.token_to_kv_pool.full_to_swa_index_mapping
        else:
            self.full_to_swa_index_mapping = None
        super().__init__(model_runner)
        logger.info(
            "Paged decode backend: page_size=%d, swa=%s",
            self.page_size,
            self.full_to_swa_index_mapping is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        self.decode_calls += 1
        if self.full_to_swa_index_mapping is not None:
            return self.token_to_kv_pool, self._map_to_swa(loc)
        return self.token_to_kv_pool, loc
