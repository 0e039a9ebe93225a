"""Hybrid SWA decode backends sharing a draft-aware pool resolver.

``_SWAPoolResolvingBackend.resolve_swa_pool`` mirrors the runner layout:
the active KV cache wins; a regular draft worker keeps its own full-only cache;
frozen-KV MTP drafts and other runners fall back to the allocator's cache.
"""

from __future__ import annotations

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _SWAPoolResolvingBackend:
    def __init__(self, model_runner) -> None:
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool()

    def resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None


class _WindowedDecodeMixin:
    def window_view(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(_WindowedDecodeMixin, _SWAPoolResolvingBackend):
    def __init__(self, model_runner, enable_window: bool = True) -> None:
        super().__init__(model_runner)
        if not enable_window:
            self.swa_pool = None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.window_view(loc)
