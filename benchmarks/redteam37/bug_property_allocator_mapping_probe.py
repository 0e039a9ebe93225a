"""Decode backend with properties that decide the hybrid path by probing the allocator's mapping."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._model_runner = model_runner
        self.page_size = model_runner.page_size
        self._decode_loc: Optional[torch.Tensor] = None

    @property
    def allocator(self):
        return self._model_runner.token_to_kv_pool_allocator

    @property
    def own_pool(self):
        return self._model_runner.token_to_kv_pool

    @property
    def has_swa_mapping(self) -> bool:
        return getattr(self.allocator, "full_to_swa_index_mapping", None) is not None

    @property
    def read_pool(self):
        if isinstance(self.own_pool, SWAKVPool) or not self.has_swa_mapping:
            return self.own_pool
        return self.allocator.get_kvcache()

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.full_to_swa_index_mapping[loc]

    def forward_decode(self, loc):
        if self.has_swa_mapping:
            self._decode_loc = self._swa_locations(loc)
        else:
            self._decode_loc = loc
        return self.read_pool, self._decode_loc
