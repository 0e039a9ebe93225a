"""Decode backend with a fast path for the stock hybrid SWA pool.

``SWAKVPool`` is matched by exact type so the common case avoids the
generic ``BaseSWAKVPool`` path. Other SWA-like pools (e.g. DeepSeek-V4 style
pools) are looked up through the allocator, which registers them at startup.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, page_size: Optional[int] = None):
        self.page_size = page_size or model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[BaseSWAKVPool] = None

        if type(self.token_to_kv_pool) is SWAKVPool:
            self.swa_pool = self.token_to_kv_pool
        else:
            registered = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(registered, BaseSWAKVPool):
                logger.info("using registered %s for SWA reads", type(registered).__name__)
                self.swa_pool = registered

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
