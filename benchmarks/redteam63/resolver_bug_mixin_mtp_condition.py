"""Triton-style decode backend with sliding-window pool resolution factored into a mixin."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Locates the hybrid SWA KV pool that this runner's attention layers read from."""

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    num_tokens: int


class _DecodeBackendBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = DecodeMetadata(
            kv_indices=self._map_indices(loc), num_tokens=loc.numel()
        )

    def _map_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def _pool_for_decode(self):
        return self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self._pool_for_decode(), self.forward_metadata.kv_indices


class GeneratedAttnBackend(SWAPoolResolverMixin, _DecodeBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.swa_pool = self._resolve_swa_pool(model_runner)
        if self.swa_pool is not None:
            logger.debug("Decode backend reading SWA pool (size_swa=%d)", self.swa_pool.size_swa)

    def _map_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def _pool_for_decode(self):
        return self.swa_pool if self.swa_pool is not None else self.token_to_kv_pool
