"""SWA pool resolver usable from runners with or without speculative decoding.

``spec_algorithm`` may be ``None`` on runners built by offline tools; such a
runner is never a frozen-KV draft.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolver:
    @staticmethod
    def is_frozen_kv_draft(model_runner) -> bool:
        spec = model_runner.spec_algorithm
        if spec is None:
            return False
        is_frozen = getattr(spec, "is_frozen_kv_mtp", None)
        return bool(is_frozen()) if is_frozen is not None else False

    @classmethod
    def resolve(cls, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if not model_runner.is_draft_worker:
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return cache if isinstance(cache, SWAKVPool) else None
        if not cls.is_frozen_kv_draft(model_runner):
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            logger.info("frozen-KV draft attends over target SWA pool")
            return cache
        return None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = SWAPoolResolver.resolve(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
