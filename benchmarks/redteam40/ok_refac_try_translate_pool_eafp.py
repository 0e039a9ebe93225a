"""Decode backend that treats window translation as an optional feature of the KV pool:
try it, and keep the locations when the pool has no window half."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "decode backend: pool %s, allocator %s (%d slots)",
            type(self.token_to_kv_pool).__name__,
            type(allocator).__name__,
            allocator.size,
        )

    def forward_decode(self, loc):
        try:
            translate = self.token_to_kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, translate(loc)
