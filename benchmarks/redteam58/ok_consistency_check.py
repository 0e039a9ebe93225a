"""Decode backend with an opt-in consistency check between allocator and KV pool.

With SGLANG_KV_DEBUG set, every decode step checks that the indices handed out by the
allocator fall inside the pool this backend reads, and dumps both sides on mismatch.
"""

import logging
import os

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEBUG = os.environ.get("SGLANG_KV_DEBUG", "0") == "1"


def describe(obj) -> str:
    parts = [type(obj).__name__]
    for attr in ("size", "size_swa", "page_size"):
        if hasattr(obj, attr):
            parts.append(f"{attr}={getattr(obj, attr)}")
    return " ".join(parts)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self.debug = _DEBUG
        if self.allocator.get_kvcache() is not self.pool:
            logger.info(
                "backend pool differs from allocator kvcache (draft=%s): pool=[%s] alloc=[%s]",
                self.is_draft,
                describe(self.pool),
                describe(self.allocator),
            )

    def _check(self, loc: torch.Tensor, read_loc: torch.Tensor) -> None:
        limit = self.pool.size_swa if isinstance(self.pool, SWAKVPool) else self.pool.size
        if loc.numel() and int(loc.max()) > self.allocator.size + self.allocator.page_size:
            logger.error("loc out of allocator range: %s", describe(self.allocator))
        if read_loc.numel() and int(read_loc.max()) > limit + 1:
            logger.error("read loc out of pool range: %s", describe(self.pool))

    def forward_decode(self, loc: torch.Tensor):
        if isinstance(self.pool, SWAKVPool):
            read_loc = self.pool.translate_loc_from_full_to_swa(loc)
        else:
            read_loc = loc
        if self.debug:
            self._check(loc, read_loc)
        return self.pool, read_loc
