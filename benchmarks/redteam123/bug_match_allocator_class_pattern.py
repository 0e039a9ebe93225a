"""Decode-side KV view selection for the windowed triton backend.

The backend dispatches on the allocator kind with structural pattern matching:
hybrid allocators expose the composite cache through ``get_kvcache()``, and the
decode step addresses the sliding-window half of that cache.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVView:
    pool: KVCache
    windowed: bool
    page_size: int = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.skip_prefill = skip_prefill
        self.view = self._select_view(model_runner)
        logger.debug(
            "windowed triton backend: windowed=%s pool=%s",
            self.view.windowed,
            type(self.view.pool).__name__,
        )

    @staticmethod
    def _select_view(model_runner) -> DecodeKVView:
        allocator = model_runner.token_to_kv_pool_allocator
        match allocator:
            case SWATokenToKVPoolAllocator():
                return DecodeKVView(
                    pool=allocator.get_kvcache(),
                    windowed=True,
                    page_size=model_runner.page_size,
                )
            case _:
                return DecodeKVView(
                    pool=model_runner.token_to_kv_pool,
                    windowed=False,
                    page_size=model_runner.page_size,
                )

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.view.windowed:
            return loc
        return self.view.pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations: Optional[torch.Tensor] = self._decode_locations(loc)
        return self.view.pool, locations
