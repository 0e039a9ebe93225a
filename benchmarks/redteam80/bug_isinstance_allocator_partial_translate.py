"""Cutlass MLA-style decode backend with sliding-window layer support.

The translation callable is bound once at init with ``functools.partial``.
"""

import functools
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


def _to_swa(obj, loc: torch.Tensor) -> torch.Tensor:
    return obj.translate_loc_from_full_to_swa(loc)


def _make_translate(obj):
    if isinstance(obj, SWATokenToKVPoolAllocator):
        return functools.partial(_to_swa, obj)
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_size: int = 64):
        self.block_size = block_size
        self.pool = model_runner.token_to_kv_pool
        self._translate = _make_translate(model_runner.token_to_kv_pool_allocator)
        logger.info("cutlass backend swa=%s", self._translate is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)
