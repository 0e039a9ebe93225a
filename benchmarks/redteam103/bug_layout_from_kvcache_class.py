"""Unified decode backend that dispatches on the KV layout.

Three layouts are supported: hybrid sliding-window (two sub-pools plus an
index mapping), MLA (compressed latent cache) and plain MHA.
"""

import enum
import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool, MLATokenToKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    SWA = "swa"
    MLA = "mla"
    MHA = "mha"


def classify_layout(pool: KVCache) -> KVLayout:
    pool_cls = type(pool)
    if issubclass(pool_cls, BaseSWAKVPool):
        return KVLayout.SWA
    if issubclass(pool_cls, MLATokenToKVPool):
        return KVLayout.MLA
    if issubclass(pool_cls, MHATokenToKVPool):
        return KVLayout.MHA
    raise NotImplementedError(f"unsupported KV pool {pool_cls.__name__}")


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_split_size: int = 64):
        self.kv_split_size = kv_split_size
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # The allocator always hands back the pool whose mapping it maintains.
        self._mapped_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.layout = classify_layout(self._mapped_pool)
        logger.info("decode layout: %s", self.layout.value)

    def forward_decode(self, loc: torch.Tensor):
        if self.layout is KVLayout.SWA:
            swa_loc = self._mapped_pool.translate_loc_from_full_to_swa(loc)
            return self._mapped_pool, swa_loc
        if self.layout is KVLayout.MLA:
            # Latent cache is addressed with the full-attention locations.
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, loc
