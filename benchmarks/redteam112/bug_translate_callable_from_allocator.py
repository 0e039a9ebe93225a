"""Decode-side index remapping for hybrid SWA caches (cutlass MHA backend).

The remap function is bound once at construction so the hot path is a single
call; for non-hybrid caches it is the identity.
"""

from __future__ import annotations

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

IndexRemap = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_dtype: Optional[torch.dtype] = None):
        self.kv_dtype = kv_dtype
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._remap: IndexRemap = getattr(allocator, "translate_loc_from_full_to_swa", _identity)
        self._uses_swa = self._remap is not _identity
        logger.debug("cutlass MHA: swa remap bound=%s", self._uses_swa)

    def _read_pool(self):
        pool = self.token_to_kv_pool
        if self._uses_swa and not isinstance(pool, SWAKVPool):
            logger.debug("swa remap bound for %s", type(pool).__name__)
        return pool

    def forward_decode(self, loc: torch.Tensor):
        return self._read_pool(), self._remap(loc)
