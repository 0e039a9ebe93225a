"""Decode backend that picks an abstract KV-layout implementation through a classmethod factory."""

import abc
import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(abc.ABC):
    """How locations map into the pool a backend reads."""

    def __init__(self, pool):
        self.pool = pool

    @abc.abstractmethod
    def swa_pool(self) -> Optional[SWAKVPool]: ...

    def read(self, loc: torch.Tensor):
        swa = self.swa_pool()
        if swa is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)

    @classmethod
    def for_runner(cls, model_runner) -> "KVLayout":
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return HybridLayout(pool, pool)
        regular_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        if not regular_draft:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(shared, SWAKVPool):
                return HybridLayout(pool, shared)
        return FullLayout(pool)


class FullLayout(KVLayout):
    def swa_pool(self):
        return None


class HybridLayout(KVLayout):
    def __init__(self, pool, swa):
        super().__init__(pool)
        self._swa = swa

    def swa_pool(self):
        return self._swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.layout = KVLayout.for_runner(model_runner)
        logger.info("attention layout: %s", type(self.layout).__name__)

    def forward_decode(self, loc):
        return self.layout.read(loc)
