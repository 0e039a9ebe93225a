"""Backend state bundle for hybrid full/sliding-window decode.

All per-runner cache handles are gathered into one ``KVCacheState``
dataclass at construction, so the decode path never touches the runner.
The sliding-window pool is picked by ``KVCacheState.resolve_swa_pool``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class KVCacheState:
    kv_pool: KVCache
    swa_pool: Optional[SWAKVPool]
    page_size: int
    device: str

    @staticmethod
    def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # Draft workers with their own cache never read the target's layers.
            return None
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return backing if isinstance(backing, SWAKVPool) else None

    @classmethod
    def capture(cls, model_runner) -> "KVCacheState":
        return cls(
            kv_pool=model_runner.token_to_kv_pool,
            swa_pool=cls.resolve_swa_pool(model_runner),
            page_size=model_runner.page_size,
            device=str(model_runner.device),
        )

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    """Decode backend driven entirely by a captured ``KVCacheState``."""

    def __init__(self, model_runner, state: Optional[KVCacheState] = None):
        self.state = state if state is not None else KVCacheState.capture(model_runner)

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.state.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.state.is_hybrid:
            return self.state.swa_pool, self._swa_locations(loc)
        return self.state.kv_pool, loc
