"""Unified decode backend that dispatches on the KV layout.

Three layouts are supported: hybrid sliding-window (two sub-pools plus an
index mapping), MLA (compressed latent cache) and plain MHA. The layout is
derived from the pool this backend reads during decode.
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
    if isinstance(pool, BaseSWAKVPool):
        return KVLayout.SWA
    if isinstance(pool, MLATokenToKVPool):
        return KVLayout.MLA
    if isinstance(pool, MHATokenToKVPool):
        return KVLayout.MHA
    raise NotImplementedError(f"unsupported KV pool {type(pool).__name__}")


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_split_size: int = 64):
        self.kv_split_size = kv_split_size
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layout = classify_layout(self.token_to_kv_pool)
        logger.info("decode layout: %s (draft=%s)", self.layout.value, model_runner.is_draft_worker)

    def forward_decode(self, loc: torch.Tensor):
        if self.layout is KVLayout.SWA:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.layout is KVLayout.MLA:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, loc
