"""Biren BR100 attention backend; detects hybrid KV allocators including subclasses."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _allocator_is_hybrid(allocator) -> bool:
    # Match subclasses too (PureSWA..., disaggregation wrappers).
    return any(
        klass.__name__.startswith("SWA") and klass.__name__.endswith("Allocator")
        for klass in type(allocator).__mro__
    )


@dataclass
class BRMetadata:
    kv_loc: Optional[torch.Tensor] = None
    window_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = _allocator_is_hybrid(self.token_to_kv_pool_allocator)
        self.metadata = BRMetadata()

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        window_loc = None
        if self.hybrid:
            window_loc = self.token_to_kv_pool_allocator.full_to_swa_index_mapping[loc]
        self.metadata = BRMetadata(kv_loc=loc, window_loc=window_loc)

    def forward_decode(self, loc):
        if not self.hybrid:
            return self.token_to_kv_pool, loc
        return (
            self.token_to_kv_pool,
            self.token_to_kv_pool_allocator.full_to_swa_index_mapping[loc],
        )
