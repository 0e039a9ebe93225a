"""SWA pool resolution for speculative-decoding aware backends.

In speculative decoding the draft and target runners share one token
allocator. ``SpecAwareSWAResolver`` therefore falls back to the allocator's
cache for EAGLE-style runners whose own pool is not hybrid.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SpecAwareSWAResolver:
    def __init__(self, model_runner):
        self.spec_algorithm = model_runner.spec_algorithm
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.active_pool = model_runner.token_to_kv_pool

    def resolve(self) -> Optional[SWAKVPool]:
        if isinstance(self.active_pool, SWAKVPool):
            return self.active_pool
        if self.spec_algorithm.is_eagle() or self.spec_algorithm.is_frozen_kv_mtp():
            shared = self.allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                logger.debug("using shared sliding-window cache from allocator")
                return shared
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver_cls=SpecAwareSWAResolver):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver_cls(model_runner).resolve()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
