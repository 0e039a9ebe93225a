"""Decode backend for hybrid SWA models with allocator-aware logging.

The allocator class name is recorded in the startup log and in the debug
string so memory reports can be correlated with the allocator in use.
The window decision itself follows the pool this runner reads.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, tag: str = "decode"):
        super().__init__()
        self.tag = tag
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.allocator_kind = type(self.allocator).__name__
        self.allocator_is_hybrid = "SWA" in self.allocator_kind
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_pool = pool if isinstance(pool, SWAKVPool) else None
        logger.info(
            "[%s] allocator=%s (hybrid=%s) pool=%s",
            tag,
            self.allocator_kind,
            self.allocator_is_hybrid,
            type(pool).__name__,
        )

    def debug_string(self) -> str:
        extra = self.allocator.debug_print() if self.allocator_is_hybrid else ""
        return f"{self.tag}: allocator={self.allocator_kind} {extra}".strip()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
