"""Decode backend that recognises any subclass of the hybrid pool base by MRO name."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


def _inherits_named(obj, name: str) -> bool:
    return any(klass.__name__ == name for klass in type(obj).__mro__)


@dataclass
class DecodeMetadata:
    seq_lens: torch.Tensor = None
    swa_loc: torch.Tensor = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.windowed = _inherits_named(self.token_to_kv_pool, "BaseSWAKVPool")
        allocator = model_runner.token_to_kv_pool_allocator
        if _inherits_named(allocator, "SWATokenToKVPoolAllocator") and not self.windowed:
            logger.debug("hybrid allocator shared with a full-attention pool")
        self.metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        self.metadata.seq_lens = forward_batch.seq_lens
        if self.windowed:
            self.metadata.swa_loc = self._swa(forward_batch.out_cache_loc)

    def _swa(self, loc):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._swa(loc) if self.windowed else loc
