"""Hybrid SWA backend assembled from resolver mixins.

Each mixin either answers ``_resolve_swa_pool`` or defers to ``super()``; the
class bases fix the order in which the candidate sources are consulted.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _ResolverRoot:
    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        return None


class ActivePoolMixin(_ResolverRoot):
    def _resolve_swa_pool(self, model_runner):
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        return super()._resolve_swa_pool(model_runner)


class DraftGuardMixin(_ResolverRoot):
    def _resolve_swa_pool(self, model_runner):
        spec = getattr(model_runner, "spec_algorithm", None)
        frozen = spec is not None and spec.is_frozen_kv_mtp()
        if getattr(model_runner, "is_draft_worker", False) and not frozen:
            return None
        return super()._resolve_swa_pool(model_runner)


class SharedCacheMixin(_ResolverRoot):
    def _resolve_swa_pool(self, model_runner):
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
        return super()._resolve_swa_pool(model_runner)


class GeneratedAttnBackend(ActivePoolMixin, SharedCacheMixin, DraftGuardMixin):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.decode_loc_buf = torch.zeros(self.max_bs, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_loc_buf = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc):
        target = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return target, self.init_forward_metadata(loc)
