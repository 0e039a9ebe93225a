from __future__ import annotations

import logging
import typing
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

if typing.TYPE_CHECKING:
    from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator: Optional[SWATokenToKVPoolAllocator] = (
            model_runner.token_to_kv_pool_allocator
        )
        logger.debug("KV allocator: %s", type(self.allocator).__name__)
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
