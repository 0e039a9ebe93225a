"""Decode backend caching a location translator on self behind a sentinel, built from its pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_NOT_BUILT = object()


@dataclass
class DecodeMetadata:
    kv_indices: Optional[torch.Tensor] = None
    free_slots: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # bound for per-step accounting only
        self._free_slots = allocator.available_size
        self._translator = _NOT_BUILT
        self.forward_metadata = DecodeMetadata()

    def _get_translator(self):
        if self._translator is _NOT_BUILT:
            pool = self.token_to_kv_pool
            if isinstance(pool, SWAKVPool):
                self._translator = pool.translate_loc_from_full_to_swa
            else:
                self._translator = None
        return self._translator

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(
            kv_indices=forward_batch.out_cache_loc, free_slots=self._free_slots()
        )

    def forward_decode(self, loc):
        translate = self._get_translator()
        if translate is not None:
            loc = translate(loc)
        return self.token_to_kv_pool, loc
