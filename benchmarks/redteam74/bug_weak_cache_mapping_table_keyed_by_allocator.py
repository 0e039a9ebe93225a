"""Decode backends that share the full->SWA index table across workers.

The index table is owned by the hybrid cache behind the token allocator. Target and draft
workers share that allocator, so the table is looked up once per allocator and every backend
gathers its window indices from the same tensor.
"""

from __future__ import annotations

import logging
import weakref
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator

logger = logging.getLogger(__name__)

_INDEX_TABLES: "weakref.WeakKeyDictionary[BaseTokenToKVPoolAllocator, Optional[torch.Tensor]]" = (
    weakref.WeakKeyDictionary()
)


def _full_to_swa_table(allocator: BaseTokenToKVPoolAllocator) -> Optional[torch.Tensor]:
    if allocator not in _INDEX_TABLES:
        kvcache = allocator.get_kvcache()
        _INDEX_TABLES[allocator] = getattr(kvcache, "full_to_swa_index_mapping", None)
        logger.debug("index table registered: %s", _INDEX_TABLES[allocator] is not None)
    return _INDEX_TABLES[allocator]


class FullDecode:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, loc


class WindowDecode(FullDecode):
    def __init__(self, model_runner, table: torch.Tensor):
        super().__init__(model_runner)
        self.table = table

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.table[loc]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        table = _full_to_swa_table(model_runner.token_to_kv_pool_allocator)
        self.impl = (
            WindowDecode(model_runner, table) if table is not None else FullDecode(model_runner)
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.impl.forward_decode(loc)
