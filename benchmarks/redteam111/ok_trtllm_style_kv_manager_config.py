"""TensorRT-LLM style KV cache manager config for the decode backend.

``KVCacheManagerConfig`` mirrors the fields the TRT-LLM runtime expects
(window size per layer group, tokens per block) and is derived from the pool
the backend binds its kernels to.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class CacheType(enum.Enum):
    SELF = "self"
    SELF_SLIDING = "self_sliding"


@dataclass
class KVCacheManagerConfig:
    cache_type: CacheType
    tokens_per_block: int
    num_swa_layers: int = 0
    num_full_layers: int = 0
    pool: Optional[KVCache] = field(default=None, repr=False)


def build_kv_manager_config(kv_pool: KVCache, tokens_per_block: int = 1) -> KVCacheManagerConfig:
    if isinstance(kv_pool, SWAKVPool):
        return KVCacheManagerConfig(
            cache_type=CacheType.SELF_SLIDING,
            tokens_per_block=tokens_per_block,
            num_swa_layers=kv_pool.swa_layer_nums,
            num_full_layers=kv_pool.full_layer_nums,
            pool=kv_pool,
        )
    return KVCacheManagerConfig(
        cache_type=CacheType.SELF, tokens_per_block=tokens_per_block, pool=kv_pool
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, tokens_per_block: Optional[int] = None):
        self.device = model_runner.device
        self.kv_config = build_kv_manager_config(
            model_runner.token_to_kv_pool,
            tokens_per_block=tokens_per_block or model_runner.page_size,
        )
        logger.debug("KV manager config: %s", self.kv_config)

    def forward_decode(self, loc: torch.Tensor):
        cfg = self.kv_config
        if cfg.cache_type is CacheType.SELF_SLIDING:
            return cfg.pool, cfg.pool.translate_loc_from_full_to_swa(loc)
        return cfg.pool, loc
