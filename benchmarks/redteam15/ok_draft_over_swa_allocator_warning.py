"""Warns when a full-only pool sits on a hybrid SWA allocator (an EAGLE draft) and then reads that full pool untranslated."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        pool_is_swa = isinstance(self.kv_pool, SWAKVPool)
        if issubclass(type(allocator), SWATokenToKVPoolAllocator) and not pool_is_swa:
            logger.warning(
                "full-attention KV pool on a hybrid SWA allocator (speculative draft?): "
                "reading full-pool locations untranslated"
            )
        self.translate_to_window = pool_is_swa

    def forward_decode(self, loc):
        out_loc = (
            self.kv_pool.translate_loc_from_full_to_swa(loc) if self.translate_to_window else loc
        )
        return self.kv_pool, out_loc
