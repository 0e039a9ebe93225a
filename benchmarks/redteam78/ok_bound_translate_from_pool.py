"""FlashAttention decode path for hybrid full/sliding-window checkpoints.

The translate callable is bound once at construction time from the KV pool this backend
reads, so the hot path does a single indexed gather. Allocator state is dumped at debug
level on construction to make memory-sizing issues easier to read in logs.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if verbose:
            logger.info("allocator state at init: %s", allocator.debug_print())

        self._translate_loc: Optional[LocTranslator] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self._translate_loc = self.kv_pool.translate_loc_from_full_to_swa
        logger.debug(
            "FA decode backend: page_size=%d, swa=%s, free=%d",
            self.page_size,
            self._translate_loc is not None,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._translate_loc is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate_loc(loc)
