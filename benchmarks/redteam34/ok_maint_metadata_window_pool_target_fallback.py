"""Decode backend resolving its SWA pool inline while building forward metadata."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        self.forward_metadata = ForwardMetadata()
        self._setup_window_pool()

    def _setup_window_pool(self):
        mr = self.model_runner
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
        elif not mr.is_draft_worker or mr.spec_algorithm.is_frozen_kv_mtp():
            # Target workers (and FROZEN_KV MTP drafts, which read target KV)
            # may see the SWA pool only through the allocator.
            shared = mr.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                self.swa_pool = shared
        if self.swa_pool is not None:
            logger.debug("window pool: %d swa tokens", self.swa_pool.size_swa)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        md = ForwardMetadata(out_cache_loc=out_cache_loc)
        if self.swa_pool is not None:
            md.swa_out_cache_loc = self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)
        self.forward_metadata = md

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.swa_pool, md.swa_out_cache_loc
        return self.kv_pool, md.out_cache_loc
