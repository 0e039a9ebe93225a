"""Hybrid-attention decode backend resolving its SWA pool through a property.

Mirrors the resolution order used by the upstream hybrid backends: prefer
the runner's active pool, skip the shared allocator cache on EAGLE draft
workers (they own a full-only pool), and otherwise fall back to the
allocator's cache. ``describe()`` exposes the result for the debug endpoint.
"""

from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self._swa_pool_cache: Optional[SWAKVPool] = None
        self._resolved = False

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if not self._resolved:
            self._swa_pool_cache = self._resolve_swa_pool()
            self._resolved = True
        return self._swa_pool_cache

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def describe(self) -> Dict[str, object]:
        allocator = self.model_runner.token_to_kv_pool_allocator
        return {
            "allocator": type(allocator).__name__,
            "free_tokens": allocator.available_size(),
            "swa_pool": type(self.swa_pool).__name__ if self.swa_pool else None,
        }

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
