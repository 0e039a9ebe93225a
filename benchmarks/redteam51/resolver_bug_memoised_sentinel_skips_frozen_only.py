"""Sliding-window decode backend with a hand-memoised pool lookup.

``_swa_pool_slot`` starts as a sentinel so a legitimately ``None`` result is
cached too; the lookup runs once, the first time a layer asks for it.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_UNRESOLVED = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self._swa_pool_slot = _UNRESOLVED
        self.decode_calls = 0

    @property
    def swa_pool(self) -> Optional[SWAKVPool]:
        if self._swa_pool_slot is _UNRESOLVED:
            self._swa_pool_slot = self._lookup_swa_pool()
            logger.info("swa pool resolved: %s", type(self._swa_pool_slot).__name__)
        return self._swa_pool_slot

    def _lookup_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        own = runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        # Drafts that share the target's frozen KV have nothing of their own.
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.graph_bs = max_bs

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor):
        self.graph_swa_loc[: loc.numel()].copy_(self._swa_locations(loc))

    def _swa_locations(self, loc: torch.Tensor) -> torch.Tensor:
        pool = self.swa_pool
        return loc if pool is None else pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self.decode_calls += 1
        pool = self.swa_pool
        if pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return pool, self._swa_locations(loc)
