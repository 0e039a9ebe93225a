"""Decode backend reading through a KV accessor configured by a ``source=`` keyword."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _AccessorMetrics:
    decode_calls: int = 0
    windowed_calls: int = 0


class KVCacheAccessor:
    """Resolves the kv cache to read: the runner's own pool or the allocator's backing cache."""

    SOURCES = ("active", "allocator")

    def __init__(self, model_runner, *, source: str = "active"):
        if source not in self.SOURCES:
            raise ValueError(f"unknown kv source {source!r}")
        self.source = source
        self.model_runner = model_runner
        self.metrics = _AccessorMetrics()

    @property
    def kv_cache(self):
        if self.source == "allocator":
            return self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return self.model_runner.token_to_kv_pool

    def locate(self, loc: torch.Tensor):
        kv = self.kv_cache
        self.metrics.decode_calls += 1
        if isinstance(kv, SWAKVPool):
            self.metrics.windowed_calls += 1
            return kv, kv.translate_loc_from_full_to_swa(loc)
        return kv, loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.accessor = KVCacheAccessor(model_runner, source="active")
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info("kv accessor source=%s, capacity=%d", self.accessor.source, allocator.size)

    def forward_decode(self, loc):
        return self.accessor.locate(loc)
