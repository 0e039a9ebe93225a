"""Attention backend with a separate decode-metadata builder that reads flags off the backend."""

import logging
from dataclasses import dataclass
from typing import Any

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    pool: Any
    kv_indices: torch.Tensor
    windowed: bool


class DecodeMetadataBuilder:
    def __init__(self, attn_backend):
        self.attn_backend = attn_backend
        self.built = 0

    def build(self, loc: torch.Tensor) -> DecodeMetadata:
        backend = self.attn_backend
        self.built += 1
        if backend.shared_swa_allocator:
            swa_loc = backend.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return DecodeMetadata(backend.token_to_kv_pool, swa_loc, True)
        return DecodeMetadata(backend.token_to_kv_pool, loc, False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.shared_swa_allocator = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        if self.shared_swa_allocator and not self.use_sliding_window_kv_pool:
            logger.info("full-attention pool behind a hybrid SWA allocator (draft worker?)")
        self.metadata_builder = DecodeMetadataBuilder(self)
        self.forward_metadata = None

    def init_forward_metadata(self, loc):
        self.forward_metadata = self.metadata_builder.build(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        return md.pool, md.kv_indices
