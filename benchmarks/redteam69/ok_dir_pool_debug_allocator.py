"""Decode backend with a verbose debug dump for hybrid KV layouts.

``dir()`` of the allocator is only used to list its window-related members
in the debug dump; decode translates through the pool this runner reads
when that pool exposes the window hook.
"""

import logging
from typing import List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_TRANSLATE_HOOK = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.remap_enabled = _TRANSLATE_HOOK in dir(self.kv_pool)
        if verbose:
            logger.info("%s", self.debug_dump())

    def debug_dump(self) -> str:
        alloc_swa: List[str] = [m for m in dir(self.allocator) if "swa" in m.lower()]
        return (
            f"allocator={type(self.allocator).__name__} swa_members={alloc_swa[:6]} "
            f"pool={type(self.kv_pool).__name__} remap={self.remap_enabled}"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.remap_enabled:
            return self.kv_pool, getattr(self.kv_pool, _TRANSLATE_HOOK)(loc)
        return self.kv_pool, loc
