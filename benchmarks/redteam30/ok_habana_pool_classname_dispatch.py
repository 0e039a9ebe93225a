"""Habana attention backend that dispatches on the KV pool's class name."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

# KV pool implementations this backend knows how to read.
_POOL_KINDS = {
    "MHATokenToKVPool": "full",
    "SWAKVPool": "hybrid_swa",
}


@dataclass
class HabanaMetadata:
    kind: str = "full"
    kv_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size

        pool_name = type(self.kv_pool).__name__
        self.kind = _POOL_KINDS.get(pool_name)
        if self.kind is None:
            raise ValueError(f"Habana backend does not support KV pool {pool_name}")
        logger.info(
            "Habana backend: pool=%s (%s), allocator=%s",
            pool_name,
            self.kind,
            type(allocator).__name__,
        )
        self.metadata = HabanaMetadata(kind=self.kind)

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        if self.kind == "hybrid_swa":
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        self.metadata = HabanaMetadata(kind=self.kind, kv_loc=loc)

    def forward_decode(self, loc):
        if self.kind == "hybrid_swa":
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
