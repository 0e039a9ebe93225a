"""Decode backend with allocator-class dispatch for free-space reporting."""

from __future__ import annotations

import logging
from typing import Callable, Dict

from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _plain_free(allocator) -> Dict[str, int]:
    return {"full": allocator.available_size()}


def _hybrid_free(allocator) -> Dict[str, int]:
    return {
        "full": allocator.full_available_size(),
        "swa": allocator.swa_available_size(),
    }


_FREE_REPORT: Dict[type, Callable] = {
    TokenToKVPoolAllocator: _plain_free,
    SWATokenToKVPoolAllocator: _hybrid_free,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._free_report = _FREE_REPORT.get(type(self.allocator), _plain_free)
        self.swa_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )
        logger.info("free KV at init: %s", self.free_tokens())

    def free_tokens(self) -> Dict[str, int]:
        return self._free_report(self.allocator)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, loc
        return self.token_to_kv_pool, loc
