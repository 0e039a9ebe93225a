"""Draft-side attention wrapper holding a decode child and a draft-extend child.

Both children attend over the KV cache owned by the worker they were created for; the
sliding-window decision is taken once in the wrapper and passed down. The token allocator is
only consulted for capacity reporting.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _DecodeChild:
    def __init__(self, kv_pool: KVCache, use_swa: bool):
        self.kv_pool = kv_pool
        self.use_swa = use_swa

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class _DraftExtendChild(_DecodeChild):
    def forward_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)


class DraftAttnWrapper:
    def __init__(self, model_runner, max_bs: Optional[int] = None):
        self.max_bs = max_bs
        kv_pool = model_runner.token_to_kv_pool
        use_swa = isinstance(kv_pool, SWAKVPool)
        self.decode_child = _DecodeChild(kv_pool, use_swa)
        self.extend_child = _DraftExtendChild(kv_pool, use_swa)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "DraftAttnWrapper(use_swa=%s, free_tokens=%d, allocator=%s)",
            use_swa,
            allocator.available_size(),
            type(allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.decode_child.forward_decode(loc)

    def forward_extend(self, loc: torch.Tensor):
        return self.extend_child.forward_extend(loc)


GeneratedAttnBackend = DraftAttnWrapper
