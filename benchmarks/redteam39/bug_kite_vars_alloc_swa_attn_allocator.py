"""Decode backend that inspects the allocator's sub-allocators to pick an index space."""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


@dataclass
class IndexSpace:
    name: str
    needs_translation: bool


def _index_space(allocator) -> IndexSpace:
    members = vars(allocator)
    if "swa_attn_allocator" in members and "full_attn_allocator" in members:
        return IndexSpace("full+swa", True)
    return IndexSpace("full", False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.index_space = _index_space(self.allocator)
        logger.info("index space: %s", self.index_space.name)

    def init_forward_metadata(self, forward_batch):
        self.out_cache_loc = self._locations(forward_batch.out_cache_loc)

    def _locations(self, loc):
        if self.index_space.needs_translation:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._locations(loc)
