"""Decode backend with an enum of KV layouts looked up by pool class name."""

from __future__ import annotations

import enum
import logging

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    MHA = "MHATokenToKVPool"
    MLA = "MLATokenToKVPool"
    HYBRID_SWA = "SWAKVPool"

    @classmethod
    def _missing_(cls, value):
        logger.warning("unknown KV pool %r; treating it as full attention", value)
        return cls.MHA

    @property
    def windowed(self) -> bool:
        return self is KVLayout.HYBRID_SWA


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_cache = model_runner.token_to_kv_pool
        self.layout = KVLayout(type(self.kv_cache).__name__)
        allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = allocator.page_size
        logger.info("layout %s, allocator %s", self.layout.name, type(allocator).__name__)

    def init_forward_metadata(self, forward_batch):
        self.out_cache_loc = forward_batch.out_cache_loc
        if self.layout.windowed:
            self.out_cache_loc = self.kv_cache.translate_loc_from_full_to_swa(self.out_cache_loc)

    def forward_decode(self, loc):
        if self.layout.windowed:
            loc = self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
