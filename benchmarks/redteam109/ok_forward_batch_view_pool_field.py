"""Standalone decode path that builds a lightweight forward-batch view.

The unit-level decode entry point receives only ``out_cache_loc``; it assembles a
``DecodeBatchView`` carrying the fields the kernel wrappers read from a real
``ForwardBatch`` plus the token allocator (used to return scratch slots after the
step) and hands it to the shared ``_run_decode`` helper.
"""

from dataclasses import dataclass
from typing import Any, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodeBatchView:
    token_to_kv_pool: Any
    token_to_kv_pool_allocator: Any
    out_cache_loc: torch.Tensor
    batch_size: int
    scratch_loc: Optional[torch.Tensor] = None

    def release_scratch(self) -> None:
        if self.scratch_loc is not None:
            self.token_to_kv_pool_allocator.free(self.scratch_loc)
            self.scratch_loc = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.page_size = model_runner.page_size

    def _make_batch_view(self, loc: torch.Tensor) -> DecodeBatchView:
        return DecodeBatchView(
            token_to_kv_pool=self.model_runner.token_to_kv_pool,
            token_to_kv_pool_allocator=self.model_runner.token_to_kv_pool_allocator,
            out_cache_loc=loc,
            batch_size=int(loc.shape[0]),
        )

    @staticmethod
    def _run_decode(batch: DecodeBatchView) -> Tuple[Any, torch.Tensor]:
        pool = batch.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(batch.out_cache_loc)
        return pool, batch.out_cache_loc

    def forward_decode(self, loc: torch.Tensor):
        batch = self._make_batch_view(loc)
        try:
            return self._run_decode(batch)
        finally:
            batch.release_scratch()
