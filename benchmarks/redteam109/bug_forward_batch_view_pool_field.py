"""Standalone decode path that builds a lightweight forward-batch view.

The unit-level decode entry point receives only ``out_cache_loc``; it assembles a
``DecodeBatchView`` with the fields the kernel wrappers read from a real
``ForwardBatch`` (``token_to_kv_pool``, ``out_cache_loc``, ``batch_size``) and
hands that to the shared ``_run_decode`` helper.
"""

from dataclasses import dataclass
from typing import Any, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeBatchView:
    token_to_kv_pool: Any
    out_cache_loc: torch.Tensor
    batch_size: int
    page_size: int = 1


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.page_size = model_runner.page_size

    def _make_batch_view(self, loc: torch.Tensor) -> DecodeBatchView:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return DecodeBatchView(
            token_to_kv_pool=allocator.get_kvcache(),
            out_cache_loc=loc,
            batch_size=int(loc.shape[0]),
            page_size=self.page_size,
        )

    @staticmethod
    def _run_decode(batch: DecodeBatchView) -> Tuple[Any, torch.Tensor]:
        pool = batch.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(batch.out_cache_loc)
        return pool, batch.out_cache_loc

    def forward_decode(self, loc: torch.Tensor):
        return self._run_decode(self._make_batch_view(loc))
