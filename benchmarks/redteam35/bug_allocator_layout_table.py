"""Attention backend that picks a KV layout from a table of known allocator types."""

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    DENSE = "dense"
    HYBRID_WINDOW = "hybrid_window"


# Allocator implementations we know how to drive, keyed by class name so that
# optional allocator modules do not need to be importable here.
_LAYOUT_BY_ALLOCATOR = {
    "TokenToKVPoolAllocator": KVLayout.DENSE,
    "PagedTokenToKVPoolAllocator": KVLayout.DENSE,
    "SWATokenToKVPoolAllocator": KVLayout.HYBRID_WINDOW,
}


def layout_for(allocator) -> KVLayout:
    return _LAYOUT_BY_ALLOCATOR.get(type(allocator).__name__, KVLayout.DENSE)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.layout = layout_for(self._allocator)
        logger.debug("attention backend using %s layout", self.layout.value)

    def _page_align(self, loc: torch.Tensor) -> torch.Tensor:
        if self.page_size == 1:
            return loc
        return loc - loc % self.page_size

    def forward_decode(self, loc):
        if self.layout is KVLayout.HYBRID_WINDOW:
            loc = self._allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
