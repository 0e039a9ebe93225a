"""Decode backend that treats window translation as an optional feature of the allocator:
try it, and keep the locations when the allocator has no window half."""

from __future__ import annotations

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        try:
            translate = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa
        except AttributeError:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, translate(loc)
