"""Metadata builder that resolves the sliding-window KV pool for the backend.

Resolution order: the runner's own pool if it is hybrid; nothing for a speculative draft
runner (its pool is full-attention only); otherwise the cache registered with the
allocator, which covers frozen-KV MTP drafts that read the target's cache.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HybridMetadataBuilder:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool()

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def decode(self, out_cache_loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.kv_pool, out_cache_loc
        return swa, swa.translate_loc_from_full_to_swa(out_cache_loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 0):
        self.speculative_num_steps = speculative_num_steps
        self.metadata_builder = HybridMetadataBuilder(model_runner)
        logger.debug("hybrid builder: swa=%s", self.metadata_builder.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        return self.metadata_builder.decode(loc)
