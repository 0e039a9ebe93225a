"""Decode backend that checks for a registered full-to-SWA table on its own pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens: torch.Tensor = None
    swa_loc: torch.Tensor = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        pool_attrs = vars(self.token_to_kv_pool)
        # SWAKVPool.register_mapping stores the table on the instance.
        self.swa_table = pool_attrs.get("full_to_swa_index_mapping")
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "allocator %s, swa table on pool: %s",
            allocator.__class__.__name__,
            self.swa_table is not None,
        )
        self.metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        self.metadata.seq_lens = forward_batch.seq_lens
        if self.swa_table is not None:
            self.metadata.swa_loc = self.swa_table[forward_batch.out_cache_loc]

    def forward_decode(self, loc):
        if self.swa_table is not None:
            return self.token_to_kv_pool, self.swa_table[loc].to(loc.dtype)
        return self.token_to_kv_pool, loc
