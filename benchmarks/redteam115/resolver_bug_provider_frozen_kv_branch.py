"""SWA pool provider service for attention backends.

Backends depend on ``SWAPoolProvider`` rather than poking at the runner, so
the speculative-decoding policy lives in one place.
"""

import logging
from dataclasses import dataclass, field
from typing import Optional, Protocol

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolProviderProtocol(Protocol):
    def resolve(self, model_runner) -> Optional[SWAKVPool]: ...


@dataclass
class SWAPoolProvider:
    """Resolves the hybrid SWA pool a runner should read."""

    log_decisions: bool = False
    _decisions: list = field(default_factory=list)

    def _record(self, reason: str) -> None:
        self._decisions.append(reason)
        if self.log_decisions:
            logger.info("swa pool resolution: %s", reason)

    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            self._record("active pool")
            return active
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            self._record("frozen-kv draft, no hybrid pool")
            return None
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            self._record("allocator cache")
            return cache
        self._record("full attention only")
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, provider: SWAPoolProviderProtocol = None):
        self.provider = provider or SWAPoolProvider()
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.provider.resolve(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
