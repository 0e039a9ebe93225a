"""Decode backend with two properties: the allocator's free window tokens (None where the
allocator keeps no window) and the window flag derived from it."""

from __future__ import annotations

import logging
from typing import Optional

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    @property
    def swa_free_tokens(self) -> Optional[int]:
        query = getattr(self.token_to_kv_pool_allocator, "swa_available_size", None)
        return None if query is None else query()

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        return self.swa_free_tokens is not None

    def forward_decode(self, loc):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        free = self.swa_free_tokens
        if free < loc.numel():
            logger.warning("window pool nearly full: %d free for %d tokens", free, loc.numel())
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
