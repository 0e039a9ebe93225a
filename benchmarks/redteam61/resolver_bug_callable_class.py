"""Decode backend using a reusable SWA pool resolver object.

``SWAPoolResolver`` is a small callable so that several backends (decode,
verify, draft-extend) can share the same lookup policy.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolver:
    def __init__(self, allow_allocator_fallback: bool = True):
        self.allow_allocator_fallback = allow_allocator_fallback
        self.last_source: Optional[str] = None

    def __call__(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            self.last_source = "pool"
            return pool
        is_draft = getattr(model_runner, "is_draft", False)
        if is_draft and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            self.last_source = "draft"
            return None
        if not self.allow_allocator_fallback:
            self.last_source = None
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.last_source = "allocator" if isinstance(kvcache, SWAKVPool) else None
        return kvcache if isinstance(kvcache, SWAKVPool) else None


_default_resolver = SWAPoolResolver()


class GeneratedAttnBackend:
    def __init__(self, model_runner, resolver: SWAPoolResolver = _default_resolver):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver(model_runner)
        logger.debug("swa pool source: %s", resolver.last_source)
        self.decode_swa_loc = torch.empty(0, dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            self.decode_swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, self.decode_swa_loc
        return self.kv_pool, loc
