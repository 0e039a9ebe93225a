"""Decode backend that tracks allocator headroom for its graph buffers and reads SWA slots for windowed layers."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _Headroom:
    page_size: int
    free_tokens: int
    allocator_kind: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.headroom = _Headroom(
            page_size=getattr(allocator, "page_size", 1),
            free_tokens=allocator.available_size(),
            allocator_kind=type(allocator).__name__,
        )
        swa_free = getattr(allocator, "swa_available_size", None)
        self.swa_free_tokens = swa_free() if callable(swa_free) else None
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.mode = "swa" if isinstance(self.token_to_kv_pool, SWAKVPool) else "full"
        logger.info(
            "headroom=%s swa_free=%s mode=%s", self.headroom, self.swa_free_tokens, self.mode
        )
        self.forward_metadata = None

    def init_forward_metadata(self, loc, mode="decode"):
        assert loc.numel() <= max(self.headroom.free_tokens, 1) * self.headroom.page_size
        self.forward_metadata = {"loc": loc.to(torch.int64), "mode": mode}

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        cache_loc = self.forward_metadata["loc"]
        if self.mode == "swa" and window > -1:
            cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(cache_loc)
        return self.token_to_kv_pool, cache_loc

    def forward_decode(self, loc):
        return self.forward(loc)
