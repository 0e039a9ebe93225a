"""Vulkan backend with an SWA pool resolver split into small helpers."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class VulkanDecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.metadata = VulkanDecodeMetadata()

    @staticmethod
    def _owns_separate_kv(model_runner) -> bool:
        spec = model_runner.spec_algorithm
        return model_runner.is_draft_worker and not spec.is_frozen_kv_mtp

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if self._owns_separate_kv(model_runner):
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            logger.info("Vulkan backend: using the shared SWA pool")
            return kvcache
        return None

    def init_forward_metadata(self, forward_batch):
        swa_loc = None
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)
        self.metadata = VulkanDecodeMetadata(seq_lens=forward_batch.seq_lens, swa_loc=swa_loc)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
