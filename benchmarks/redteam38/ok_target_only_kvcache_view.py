"""Decode backend reading the allocator's KV cache on target runners and its own pool on drafts."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    out_cache_loc: Optional[torch.Tensor] = None
    swa_out_cache_loc: Optional[torch.Tensor] = None
    layers_mapping: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = self._attention_pool(model_runner)
        self.swa_kv_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.forward_metadata = ForwardMetadata()
        if self.swa_kv_pool is not None:
            self.forward_metadata.layers_mapping = dict(self.swa_kv_pool.layers_mapping)

    def _attention_pool(self, model_runner):
        # Regular draft workers own their KV pool even though the allocator is
        # shared with the target; FROZEN_KV MTP drafts read the target's cache.
        own = model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return own
        kvcache = self.allocator.get_kvcache()
        if kvcache is not own:
            logger.info("attention reads %s via allocator", type(kvcache).__name__)
        return kvcache

    def init_forward_metadata(self, loc):
        self.forward_metadata.out_cache_loc = loc
        if self.swa_kv_pool is not None:
            self.forward_metadata.swa_out_cache_loc = (
                self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.kv_pool, md.swa_out_cache_loc
        return self.kv_pool, md.out_cache_loc
