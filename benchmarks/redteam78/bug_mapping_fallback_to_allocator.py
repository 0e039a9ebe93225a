"""Hybrid SWA decode backend with a mapping consistency check.

The full->SWA index table normally lives on the KV pool (registered by the allocator at
startup). If the pool has no table registered yet, the allocator's copy is used instead,
and a size mismatch between the two is reported once to catch resizes that forgot to
re-register.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._mismatch_reported = False

    def _index_table(self) -> Optional[torch.Tensor]:
        pool_table = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        alloc_table = getattr(self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
        if (
            pool_table is not None
            and alloc_table is not None
            and pool_table.numel() != alloc_table.numel()
            and not self._mismatch_reported
        ):
            logger.warning(
                "full->swa table size differs: pool=%d allocator=%d",
                pool_table.numel(),
                alloc_table.numel(),
            )
            self._mismatch_reported = True
        return pool_table if pool_table is not None else alloc_table

    def forward_decode(self, loc: torch.Tensor):
        table = self._index_table()
        if table is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, table[loc]
