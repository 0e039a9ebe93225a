"""Decode backend binding the allocator's translator only when its own pool is hybrid SWA."""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


def _page_count(num_tokens: int, page_size: int) -> int:
    return (num_tokens + page_size - 1) // page_size


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        self.max_pages = _page_count(model_runner.model_config.context_len, self.page_size)
        self.translate: Optional[Translator] = None
        if isinstance(self.kv_pool, SWAKVPool):
            # The allocator maintains the mapping the pool registered; binding
            # its method avoids a pool attribute lookup per layer.
            self.translate = allocator.translate_loc_from_full_to_swa
        logger.debug(
            "decode: page_size=%d max_pages=%d swa=%s",
            self.page_size,
            self.max_pages,
            self.translate is not None,
        )

    def forward_decode(self, loc):
        if self.translate is not None:
            loc = self.translate(loc)
        return self.kv_pool, loc
