"""Mixin providing the sliding-window pool lookup for attention backends.

Backends that mix in ``SWAPoolResolverMixin`` call ``resolve_swa_pool`` once
in ``__init__`` and keep the result; the decode path branches on it.
"""

from __future__ import annotations

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class SWAPoolResolverMixin:
    @staticmethod
    def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None


class PagedDecodeMixin:
    def _init_paging(self, model_runner) -> None:
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token

    def _page_aligned(self, loc: torch.Tensor) -> torch.Tensor:
        if self.page_size == 1:
            return loc
        return loc // self.page_size * self.page_size


class GeneratedAttnBackend(SWAPoolResolverMixin, PagedDecodeMixin):
    def __init__(self, model_runner, enable_swa: bool = True):
        self._init_paging(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool(model_runner) if enable_swa else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
