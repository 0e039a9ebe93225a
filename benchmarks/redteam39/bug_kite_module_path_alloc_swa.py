"""Decode backend that detects the hybrid allocator by its defining module."""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


def _is_swa_module(obj) -> bool:
    module = type(obj).__module__
    return module.rsplit(".", 1)[-1] in {"swa", "swa_memory_pool"}


@dataclass
class BackendFlags:
    hybrid_swa: bool
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.flags = BackendFlags(
            hybrid_swa=_is_swa_module(allocator), page_size=allocator.page_size
        )
        self.kv_pool = model_runner.token_to_kv_pool
        self._mapping = allocator.full_to_swa_index_mapping if self.flags.hybrid_swa else None
        logger.info("backend flags: %s", self.flags)
        self.swa_out_cache_loc = None

    def init_forward_metadata(self, forward_batch):
        if self._mapping is not None:
            self.swa_out_cache_loc = self._mapping[forward_batch.out_cache_loc]

    def forward_decode(self, loc):
        if self._mapping is not None:
            return self.kv_pool, self._mapping[loc].to(loc.dtype)
        return self.kv_pool, loc
