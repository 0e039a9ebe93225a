"""FlashAttention-3 backend that picks its KV layout from a table keyed by allocator class name."""

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch

logger = logging.getLogger(__name__)

_KV_LAYOUTS: Dict[str, str] = {
    "TokenToKVPoolAllocator": "full",
    "PagedTokenToKVPoolAllocator": "full",
    "SWATokenToKVPoolAllocator": "sliding_window",
}


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        allocator_name = type(allocator).__name__
        self.kv_layout = _KV_LAYOUTS.get(allocator_name, "full")
        logger.info("FA3 backend: %s allocator -> %s layout", allocator_name, self.kv_layout)

        self._page_table_builders: Dict[str, Callable] = {
            "full": self._full_page_table,
            "sliding_window": self._swa_page_table,
        }
        self._kv_pool = (
            allocator.get_kvcache() if self.kv_layout == "sliding_window" else self.token_to_kv_pool
        )
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    def _full_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        return loc // self.page_size if self.page_size > 1 else loc

    def _swa_page_table(self, loc: torch.Tensor) -> torch.Tensor:
        swa_loc = self._kv_pool.translate_loc_from_full_to_swa(loc)
        return self._full_page_table(swa_loc)

    def forward_decode(self, loc):
        page_table = self._page_table_builders[self.kv_layout](loc)
        self.forward_metadata = FlashAttentionMetadata(
            cache_seqlens_int32=torch.ones_like(loc, dtype=torch.int32),
            page_table=page_table,
        )
        return self._kv_pool, page_table
