"""Decode backend picking a location handler from a table keyed by the allocator's class name."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _full_locations(backend, loc):
    return loc


def _windowed_locations(backend, loc):
    return backend.token_to_kv_pool.translate_loc_from_full_to_swa(loc)


_LOCATION_HANDLERS = {
    "SWATokenToKVPoolAllocator": _windowed_locations,
    "PureSWATokenToKVPoolAllocator": _windowed_locations,
}


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_kind = type(model_runner.token_to_kv_pool_allocator).__name__
        self._locations = _LOCATION_HANDLERS.get(allocator_kind, _full_locations)
        self.forward_metadata = DecodeMetadata()
        logger.debug("allocator %s -> %s", allocator_kind, self._locations.__name__)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens,
            loc=self._locations(self, forward_batch.out_cache_loc),
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._locations(self, loc)
