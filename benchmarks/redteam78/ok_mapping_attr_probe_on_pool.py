"""Decode backend that keys the window path off the pool's registered index table.

A pool that carries a ``full_to_swa_index_mapping`` serves window layers from a separate
buffer; anything else is addressed with full-pool indices directly. Each step also claims
and returns one slot from the allocator to keep its free-list warm for graph replay.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, warm_free_list: bool = True):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.warm_free_list = warm_free_list

    def _window_index_table(self) -> Optional[torch.Tensor]:
        return getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)

    def forward_decode(self, loc: torch.Tensor):
        if self.warm_free_list:
            slot = self.token_to_kv_pool_allocator.alloc(1)
            if slot is not None:
                self.token_to_kv_pool_allocator.free(slot)
        table = self._window_index_table()
        if table is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, table[loc]
