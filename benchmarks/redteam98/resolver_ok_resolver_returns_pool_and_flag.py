"""Adapter backend whose resolver returns both the pool to read and the SWA flag.

The adapter prepares locations with the resolved pool's translation before forwarding
decode to a generic reader child.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_read_pool(model_runner) -> Tuple[KVCache, bool]:
    """Return ``(pool, is_swa)`` for the KV cache this runner reads."""
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own, True
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return own, False
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(shared, SWAKVPool):
        return shared, True
    return own, False


class _Reader:
    def __init__(self, pool: KVCache):
        self.pool = pool

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, loc


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        pool, self.is_swa = resolve_read_pool(model_runner)
        self.reader = _Reader(pool)
        logger.debug("adapter pool=%s swa=%s", type(pool).__name__, self.is_swa)

    def _prepare(self, loc: torch.Tensor) -> torch.Tensor:
        if self.is_swa:
            return self.reader.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.reader.forward_decode(self._prepare(loc))
