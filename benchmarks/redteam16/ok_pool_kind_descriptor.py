"""Decode backend whose read-only data descriptor derives the pool kind from its own KV pool; the allocator name is only logged."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _PoolKind:
    """Data descriptor: "swa" or "full", always recomputed from ``obj.kv_pool``."""

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return "swa" if isinstance(obj.kv_pool, SWAKVPool) else "full"

    def __set__(self, obj, value):
        raise TypeError(f"{self.name} is derived from the KV pool and cannot be assigned")


class GeneratedAttnBackend:
    pool_kind = _PoolKind()

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        logger.info(
            "attention backend on %s pool, allocator %s",
            self.pool_kind,
            type(model_runner.token_to_kv_pool_allocator).__name__,
        )

    def forward_decode(self, loc):
        if self.pool_kind == "swa":
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
