"""Hybrid KV resolution with an explicit ``reset`` hook.

``reset`` marks the view dirty; the next decode step re-runs
``_resolve_swa_pool`` and stores the result together with the pool it came
from. The resolver follows the runner rules: the active pool is authoritative;
an EAGLE-style draft with its own pool stays full-only; only runners that share
the target's KV (frozen-KV MTP) fall back to the allocator's cache.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "swa-decode"):
        self.model_runner = model_runner
        self.name = name
        self._dirty = True
        self._resets = 0
        self._read_pool: Optional[KVCache] = None
        self._swa_pool: Optional[SWAKVPool] = None

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def reset(self) -> None:
        self._dirty = True
        self._resets += 1
        logger.debug("%s: reset #%d", self.name, self._resets)

    def _sync(self) -> None:
        if not self._dirty:
            return
        self._swa_pool = self._resolve_swa_pool()
        self._read_pool = self._swa_pool or self.model_runner.token_to_kv_pool
        self._dirty = False

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._sync()
        if self._swa_pool is not None:
            return self._read_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self._read_pool, loc
