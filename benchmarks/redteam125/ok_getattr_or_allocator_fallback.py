"""Decode backend that tolerates runners without a bound KV pool attribute.

Some offline tooling constructs a runner-like object that only carries an
allocator; in that case the backend falls back to the allocator's cache.
Regular runners always expose ``token_to_kv_pool``, which is what is read.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, prefix: str = "decode"):
        super().__init__()
        self.prefix = prefix
        self.kv_pool: KVCache = (
            getattr(model_runner, "token_to_kv_pool", None)
            or model_runner.token_to_kv_pool_allocator.get_kvcache()
        )
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        logger.debug(
            "[%s] kv pool=%s sliding=%s",
            prefix,
            type(self.kv_pool).__name__,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        return (swa, swa.translate_loc_from_full_to_swa(loc)) if swa else (self.kv_pool, loc)
