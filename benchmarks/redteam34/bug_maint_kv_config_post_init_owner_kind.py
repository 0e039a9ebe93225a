"""Decode backend configured from a KV config dataclass derived in __post_init__."""

import logging
from dataclasses import dataclass, field
from typing import Any

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class KVConfig:
    pool: Any
    allocator: Any
    page_size: int = 1
    is_hybrid_swa: bool = field(init=False, default=False)
    window_tokens: int = field(init=False, default=0)

    def __post_init__(self):
        self.page_size = max(1, int(getattr(self.allocator, "page_size", self.page_size)))
        if isinstance(self.allocator, SWATokenToKVPoolAllocator):
            self.is_hybrid_swa = True
            self.window_tokens = int(self.allocator.size_swa)


def make_kv_config(model_runner) -> KVConfig:
    return KVConfig(
        pool=model_runner.token_to_kv_pool,
        allocator=model_runner.token_to_kv_pool_allocator,
        page_size=model_runner.page_size or 1,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.cfg = make_kv_config(model_runner)
        assert self.cfg.page_size >= 1
        if self.cfg.is_hybrid_swa:
            logger.info("hybrid SWA config: window_tokens=%d", self.cfg.window_tokens)

    def forward_decode(self, loc):
        cfg = self.cfg
        if cfg.is_hybrid_swa:
            loc = cfg.pool.translate_loc_from_full_to_swa(loc)
        return cfg.pool, loc
