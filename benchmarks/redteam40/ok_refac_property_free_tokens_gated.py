"""Decode backend with two properties: the window flag (from the KV pool) and the allocator's
free window tokens, which is only read once the flag is set."""

from __future__ import annotations

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    @property
    def swa_free_tokens(self) -> Optional[int]:
        if not self.use_sliding_window_kv_pool:
            return None
        return self.token_to_kv_pool_allocator.swa_available_size()

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        free = self.swa_free_tokens
        if free is not None and free < loc.numel():
            logger.warning("window pool nearly full: %d free for %d tokens", free, loc.numel())
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
