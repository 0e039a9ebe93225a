"""Decode backend that recognises hybrid KV pools by qualified class name."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)

_WINDOWED_POOLS = frozenset({"SWAKVPool", "BaseSWAKVPool"})


@dataclass
class KVCapabilities:
    paged: bool
    windowed: bool
    page_size: int


def _capabilities(pool, allocator) -> KVCapabilities:
    page_size = getattr(allocator, "page_size", 1)
    return KVCapabilities(
        paged=page_size > 1,
        windowed=type(pool).__qualname__ in _WINDOWED_POOLS,
        page_size=page_size,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.caps = _capabilities(self.kv_pool, model_runner.token_to_kv_pool_allocator)
        self.decode_buffer = torch.empty(0, dtype=torch.int64, device=model_runner.device)
        logger.info("kv capabilities: %s", self.caps)

    def forward_decode(self, loc):
        if self.caps.windowed:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
