"""Decode backend exposing its resolved SWA pool as a cached property."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._runner = model_runner
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.forward_metadata = ForwardMetadata()

    @property
    def token_to_kv_pool(self):
        return self._runner.token_to_kv_pool

    @functools.cached_property
    def _shares_target_kv(self) -> bool:
        runner = self._runner
        return (not runner.is_draft_worker) or runner.spec_algorithm.is_frozen_kv_mtp()

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if not self._shares_target_kv:
            return None
        kvcache = self._runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc):
        md = ForwardMetadata(page_table=loc)
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.forward_metadata.swa_page_table is not None:
            return self.swa_kv_pool, self.forward_metadata.swa_page_table
        return self.token_to_kv_pool, self.forward_metadata.page_table
