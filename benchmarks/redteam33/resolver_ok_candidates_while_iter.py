"""Decode backend pulling KV source candidates off an iterator until an SWA pool turns up."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._find_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    @staticmethod
    def _sources(model_runner):
        yield model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()

    def _find_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        it = self._sources(model_runner)
        while True:
            candidate = next(it, None)
            if candidate is None:
                break
            if isinstance(candidate, SWAKVPool):
                return candidate
        return None

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        swa_loc = None
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(out_cache_loc=loc, swa_out_cache_loc=swa_loc)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
