"""Sliding-window decode backend.

The allocator-based pool discovery is retained below under ``if False`` for
reference while the old fork is being retired; it is not executed.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device

        if False:  # legacy discovery, kept for reference
            legacy = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.kv_pool = legacy
            self.is_swa = isinstance(legacy, SWAKVPool)
        else:
            self.kv_pool = model_runner.token_to_kv_pool
            self.is_swa = isinstance(self.kv_pool, SWAKVPool)
        logger.debug("GeneratedAttnBackend swa=%s on %s", self.is_swa, self.device)

    def forward_decode(self, loc: torch.Tensor):
        if self.is_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
