"""Hybrid decode backend whose resolver takes the first KV source that can translate indices."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _as_cache(source):
    # Allocators expose the cache they index through get_kvcache().
    get_kvcache = getattr(source, "get_kvcache", None)
    return get_kvcache() if callable(get_kvcache) else source


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    sources = (model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
    for source in sources:
        if hasattr(source, "translate_loc_from_full_to_swa"):
            cache = _as_cache(source)
            if isinstance(cache, SWAKVPool):
                return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_context_len = model_runner.model_config.context_len
        self.swa_page_table: Optional[torch.Tensor] = None
        logger.debug("swa pool: %s", self.swa_pool is not None)

    def init_forward_metadata(self, page_table: torch.Tensor):
        if self.swa_pool is not None:
            self.swa_page_table = self.swa_pool.translate_loc_from_full_to_swa(page_table.long())

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
