"""Decode backend that detects the hybrid pool by its defining module."""

from __future__ import annotations

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


def _defined_in(obj, module_suffix: str) -> bool:
    return type(obj).__module__.endswith(module_suffix)


@dataclass
class BackendFlags:
    hybrid_swa: bool
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.flags = BackendFlags(
            hybrid_swa=_defined_in(self.kv_pool, ".swa_memory_pool"),
            page_size=allocator.page_size,
        )
        self._mapping = self.kv_pool.full_to_swa_index_mapping if self.flags.hybrid_swa else None
        logger.info(
            "backend flags: %s (allocator from %s)",
            self.flags,
            type(allocator).__module__,
        )

    def forward_decode(self, loc):
        if self._mapping is not None:
            return self.kv_pool, self._mapping[loc].to(loc.dtype)
        return self.kv_pool, loc
