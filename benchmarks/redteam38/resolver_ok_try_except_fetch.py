"""Decode backend with a defensive SWA-pool resolver that tolerates allocators without a cache."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)
        self.forward_metadata: Optional[DecodeMetadata] = None

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        try:
            frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        except AttributeError:
            frozen = False
        if model_runner.is_draft_worker and not frozen:
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            kvcache = allocator.get_kvcache()
        except (AttributeError, NotImplementedError):
            logger.warning("%s exposes no kv cache", type(allocator).__name__)
            return None
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc):
        md = DecodeMetadata(out_cache_loc=loc)
        if self.swa_kv_pool is not None:
            md.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is None:
            return self.token_to_kv_pool, md.out_cache_loc
        return self.swa_kv_pool, md.swa_out_cache_loc
