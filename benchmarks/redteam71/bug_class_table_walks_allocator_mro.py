"""Class-level handler table for decode KV views.

``_VIEW_TABLE`` maps allocator classes to handler method names; the lookup walks the allocator
type's MRO so subclasses (NPU, paged variants) inherit the parent's handler.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Dict, Type

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    _VIEW_TABLE: ClassVar[Dict[Type, str]] = {
        SWATokenToKVPoolAllocator: "_swa_view",
        BaseTokenToKVPoolAllocator: "_full_view",
    }

    def __init__(self, model_runner, num_wrappers: int = 1):
        self.num_wrappers = num_wrappers
        self.model_runner = model_runner
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._view = getattr(self, self._lookup(type(self.allocator)))

    @classmethod
    def _lookup(cls, allocator_type: Type) -> str:
        for klass in allocator_type.__mro__:
            handler = cls._VIEW_TABLE.get(klass)
            if handler is not None:
                return handler
        logger.warning("no view handler for %s, using full view", allocator_type.__name__)
        return "_full_view"

    def _full_view(self, loc: torch.Tensor):
        return self.model_runner.token_to_kv_pool, loc

    def _swa_view(self, loc: torch.Tensor):
        kvcache = self.allocator.get_kvcache()
        return kvcache, kvcache.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._view(loc)
