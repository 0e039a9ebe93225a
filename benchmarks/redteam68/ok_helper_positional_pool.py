"""Helpers shared by the decode path of sliding-window capable backends.

``_swa_view`` takes the KV pool positionally and returns the sliding-window slot
indices when the pool carries a full->SWA mapping. ``_describe_allocator`` takes the
allocator positionally and is only used for startup logging.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def _swa_view(kv_pool: KVCache, loc: torch.Tensor) -> Optional[torch.Tensor]:
    translate = getattr(kv_pool, "translate_loc_from_full_to_swa", None)
    if translate is None:
        return None
    return translate(loc)


def _describe_allocator(allocator: BaseTokenToKVPoolAllocator) -> str:
    kind = type(allocator).__name__
    swa_free = getattr(allocator, "swa_available_size", None)
    extra = f", swa_free={swa_free()}" if callable(swa_free) else ""
    return f"{kind}(free={allocator.available_size()}{extra})"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, name: str = "swa_decode"):
        super().__init__()
        self.name = name
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "%s: pool=%s allocator=%s",
            name,
            type(self.token_to_kv_pool).__name__,
            _describe_allocator(self.token_to_kv_pool_allocator),
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        swa_loc = _swa_view(self.token_to_kv_pool, loc)
        if swa_loc is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, swa_loc
