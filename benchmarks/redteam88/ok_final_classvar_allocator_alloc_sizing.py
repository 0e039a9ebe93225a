"""Decode backend with ``Final``/``ClassVar`` tuning constants.

The allocator is consulted for workspace sizing only (free-slot count at init);
KV reads go through the runner's pool and, for hybrid pools, its SWA view.
"""

from __future__ import annotations

import logging
from typing import ClassVar, Final, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MIN_WORKSPACE_TOKENS: Final[int] = 4096


class GeneratedAttnBackend:
    """Hybrid-aware decode backend with a preallocated split-K workspace."""

    workspace_ratio: ClassVar[float] = 0.125
    max_kv_splits: ClassVar[int] = 16

    def __init__(self, model_runner, workspace_tokens: Optional[int] = None) -> None:
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        allocator = model_runner.token_to_kv_pool_allocator
        if workspace_tokens is None:
            free = int(allocator.available_size())
            workspace_tokens = max(_MIN_WORKSPACE_TOKENS, int(free * self.workspace_ratio))
        self.workspace_tokens: int = workspace_tokens
        logger.info(
            "workspace=%d tokens, hybrid=%s", self.workspace_tokens, self.swa_pool is not None
        )

    def _kv_view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self._kv_view(loc)
