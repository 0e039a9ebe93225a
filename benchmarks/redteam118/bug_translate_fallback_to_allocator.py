"""Decode backend with a layered lookup for the full->SWA location remap.

Prefers the remap on the KV pool; pools that do not implement it fall back to
the allocator's equivalent helper, which always tracks the live mapping.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def translate_out_cache_loc(self, loc: torch.Tensor) -> torch.Tensor:
        try:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            pass
        try:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            logger.debug("no SWA remap available; using full locations")
            return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.translate_out_cache_loc(loc)
