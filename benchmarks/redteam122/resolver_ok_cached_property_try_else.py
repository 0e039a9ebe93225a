"""Decode backend whose SWA pool is resolved lazily on first access.

The resolver prefers the runner's own pool. The shared allocator's cache is only used by
runners that read the target's KV (non-draft runners and frozen-KV MTP drafts); an
allocator without ``get_kvcache`` simply means there is no SWA cache to share.
"""

import functools
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, is_multimodal: bool = False):
        self.model_runner = model_runner
        self.is_multimodal = is_multimodal

    @functools.cached_property
    def swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        try:
            shared = runner.token_to_kv_pool_allocator.get_kvcache()
        except AttributeError:
            return None
        else:
            return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_pool = self.swa_pool
        if swa_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
