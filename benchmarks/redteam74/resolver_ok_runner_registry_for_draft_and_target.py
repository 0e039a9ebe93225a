"""Per-worker SWA pool registry shared by the draft and target attention backends.

The spec worker builds its draft and target backends from separate model runners. Each runner
gets its own registry entry; the resolver honours the draft's own cache unless the draft is a
frozen-KV MTP head that reads the target cache in place.
"""

from __future__ import annotations

import logging
import threading
from typing import ClassVar, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolRegistry:
    _entries: ClassVar[Dict[int, Optional[SWAKVPool]]] = {}
    _lock: ClassVar[threading.Lock] = threading.Lock()

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            return kvcache
        return None

    @classmethod
    def get(cls, model_runner) -> Optional[SWAKVPool]:
        with cls._lock:
            key = id(model_runner)
            if key not in cls._entries:
                cls._entries[key] = cls._resolve(model_runner)
            return cls._entries[key]


class TargetDecodeAttn:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = SWAPoolRegistry.get(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class DraftDecodeAttn(TargetDecodeAttn):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        backend_cls = DraftDecodeAttn if model_runner.is_draft_worker else TargetDecodeAttn
        self.backend = backend_cls(model_runner)
        shares_cache = model_runner.token_to_kv_pool_allocator.get_kvcache() is self.backend.kv_pool
        logger.debug("%s: shares allocator cache=%s", backend_cls.__name__, shares_cache)

    def forward_decode(self, loc: torch.Tensor):
        return self.backend.forward_decode(loc)
