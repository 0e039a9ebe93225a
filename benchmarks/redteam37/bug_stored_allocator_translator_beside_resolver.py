"""Decode backend storing a bound full->SWA translator next to a role-aware SWA pool lookup."""

import logging
from typing import Callable, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


def _translator(model_runner) -> Optional[Callable[[torch.Tensor], torch.Tensor]]:
    # The allocator owns the mapping; it is valid for every runner it serves.
    return getattr(model_runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_pool(model_runner)
        self._to_swa = _translator(model_runner)

    def _read_pool(self):
        return self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self._read_pool(), loc
