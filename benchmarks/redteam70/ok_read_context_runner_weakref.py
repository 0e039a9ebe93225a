"""Read context shared between the decode backend and its kernel wrappers.

``KVReadContext`` keeps weak references to the runner and the allocator (the
runner owns both). Kernel wrappers ask the context for the pool to read and
use the allocator reference for their own slot accounting.
"""

from __future__ import annotations

import logging
import weakref
from typing import ClassVar, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVReadContext:
    live_contexts: ClassVar["weakref.WeakSet"] = weakref.WeakSet()

    def __init__(self, model_runner):
        self._runner = weakref.ref(model_runner)
        self._allocator = weakref.ref(model_runner.token_to_kv_pool_allocator)
        KVReadContext.live_contexts.add(self)

    @property
    def allocator(self):
        return self._allocator()

    def pool(self) -> KVCache:
        runner = self._runner()
        if runner is None:
            raise RuntimeError("model runner was released")
        return runner.token_to_kv_pool

    def swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.pool()
        return pool if isinstance(pool, SWAKVPool) else None

    def usage(self) -> str:
        alloc = self.allocator
        if alloc is None:
            return "allocator released"
        return f"{type(alloc).__name__}: size={alloc.size} free={alloc.available_size()}"


class GeneratedAttnBackend:
    def __init__(self, model_runner, trace: bool = False):
        self.ctx = KVReadContext(model_runner)
        self.trace = trace

    def forward_decode(self, loc: torch.Tensor):
        if self.trace:
            logger.info("decode read: %s", self.ctx.usage())
        swa = self.ctx.swa_pool()
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.ctx.pool(), loc
