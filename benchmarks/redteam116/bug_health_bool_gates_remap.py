"""Decode backend with a boolean ``remap_ready()`` health check.

``remap_ready()`` is polled by the readiness probe; once the full->SWA table
is registered the backend remaps decode indices through it.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        logger.info("remap ready at init: %s", self.remap_ready())

    def remap_ready(self) -> bool:
        cache = self.allocator.get_kvcache()
        if not isinstance(cache, SWAKVPool):
            return False
        return getattr(cache, "full_to_swa_index_mapping", None) is not None

    def health(self) -> dict:
        return {
            "remap_ready": self.remap_ready(),
            "free_tokens": int(self.allocator.available_size()),
        }

    def forward_decode(self, loc: torch.Tensor):
        if self.remap_ready():
            translated = self.allocator.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, translated
        return self.token_to_kv_pool, loc
