"""Decode backend that resolves the SWA pool per batch inside init_forward_metadata."""

import logging
from dataclasses import dataclass
from typing import Any, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_pool: Any
    out_cache_loc: torch.Tensor
    swa_kv_pool: Optional[SWAKVPool] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = model_runner.page_size
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _swa_pool_now(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if not runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp():
            kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                return kvcache
        return None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        swa_pool = self._swa_pool_now()
        md = ForwardMetadata(
            kv_pool=self.model_runner.token_to_kv_pool,
            out_cache_loc=out_cache_loc,
            swa_kv_pool=swa_pool,
        )
        if swa_pool is not None:
            md.swa_out_cache_loc = swa_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        if self.forward_metadata is None or self.forward_metadata.out_cache_loc is not loc:
            self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_kv_pool is not None:
            return md.swa_kv_pool, md.swa_out_cache_loc
        return md.kv_pool, md.out_cache_loc
