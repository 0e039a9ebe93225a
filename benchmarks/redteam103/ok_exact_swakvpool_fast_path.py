"""Decode backend with a fast path for the stock hybrid SWA pool.

``SWAKVPool`` is matched by exact type so the common case avoids the
generic path; any other ``BaseSWAKVPool`` subclass on the runner goes through
the generic translate call. Plain pools are read with full locations.
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
        pool_cls = type(self.token_to_kv_pool)
        self._stock_swa = pool_cls is SWAKVPool
        self._generic_swa = not self._stock_swa and issubclass(pool_cls, BaseSWAKVPool)
        if self._generic_swa:
            logger.info("generic SWA path for %s", pool_cls.__name__)

    def _stock_translate(self, loc: torch.Tensor) -> torch.Tensor:
        mapping = self.token_to_kv_pool.full_to_swa_index_mapping
        if mapping is None:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return mapping[loc].to(torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        if self._stock_swa:
            return self.token_to_kv_pool, self._stock_translate(loc)
        if self._generic_swa:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
