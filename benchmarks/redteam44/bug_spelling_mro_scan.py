"""NSA-compatible decode backend: SWA capability read off the class hierarchy."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _has_base_named(obj, prefix: str) -> bool:
    """True if any class in ``obj``'s MRO starts with ``prefix`` (subclasses count too)."""
    return any(klass.__name__.startswith(prefix) for klass in obj.__class__.__mro__)


@dataclass
class NSADecodeMetadata:
    page_table: torch.Tensor
    cache_seqlens: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = _has_base_named(
            model_runner.token_to_kv_pool_allocator, "SWA"
        )
        self.forward_metadata: Optional[NSADecodeMetadata] = None
        if self.use_sliding_window_kv_pool:
            logger.info("nsa: sliding-window KV pool detected")

    def _page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            return loc
        return self.token_to_kv_pool.full_to_swa_index_mapping[loc]

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = NSADecodeMetadata(
            page_table=self._page_table(loc),
            cache_seqlens=torch.ones(loc.shape[0], dtype=torch.int32),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.page_table
