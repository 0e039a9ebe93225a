"""Decode backend resolving its SWA pool by checking whether the allocator wraps its own pool."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if kvcache is not own:
        # Someone else's cache behind a shared allocator: only a FROZEN_KV MTP
        # draft is meant to read it.
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            logger.debug(
                "allocator cache %s is not ours; using %s",
                type(kvcache).__name__,
                type(own).__name__,
            )
            return None
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_pool = resolve_swa_pool(model_runner)

    def get_layer_pool(self, layer_id: int):
        if self.swa_pool is None:
            return self.pool, False
        _, is_swa = self.swa_pool.layers_mapping[layer_id]
        return self.swa_pool, is_swa

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
