"""Windowed decode backend with a draft-aware pool resolver and per-allocator metric labels."""

import logging
from collections import defaultdict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

_FROZEN = getattr(SpeculativeAlgorithm, "FROZEN_KV_MTP", None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.own_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.labels = {
            "allocator": allocator.__class__.__qualname__,
            "pool": self.own_pool.__class__.__qualname__,
            "role": ("draft" if getattr(model_runner, "is_draft_worker", False) else "target"),
        }
        self.counters = defaultdict(int)
        self.counters[f"init.{self.labels['allocator']}"] += 1
        self.swa_pool = self._resolve_swa_pool()
        logger.info("attention labels=%s swa=%s", self.labels, self.swa_pool is not None)

    def _resolve_swa_pool(self):
        mr = self.model_runner
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if getattr(mr, "is_draft_worker", False) and (
            _FROZEN is None or getattr(mr, "spec_algorithm", None) is not _FROZEN
        ):
            return None
        cache = mr.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def _bump(self, name: str, n: int = 1):
        key = f"{self.labels['role']}.{self.labels['allocator']}.{name}"
        self.counters[key] += n

    def init_forward_metadata(self, forward_batch):
        self._bump("batches")
        self.out_cache_loc = forward_batch.out_cache_loc

    def forward_decode(self, loc):
        self._bump("decode_tokens", int(loc.numel()))
        if self.swa_pool is not None:
            self._bump("translated", int(loc.numel()))
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.own_pool, loc

    def metrics(self):
        return dict(self.counters)
