"""Decode-side KV resolution for hybrid sliding-window models.

The resolver is a plain module-level function so that it can be shared by the
CUDA-graph runner and the eager path; callers bind the runner-derived flags once
with ``functools.partial`` and then call it with the pools only.
"""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(active, shared, *, is_draft: bool, frozen_kv: bool) -> Optional[SWAKVPool]:
    """Return the SWA pool this worker should read, or ``None`` for full-only workers."""
    if isinstance(active, SWAKVPool):
        return active
    if is_draft and not frozen_kv:
        # A regular draft owns its own full-attention pool.
        return None
    kv = shared.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.skip_prefill = skip_prefill
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._resolve = functools.partial(
            resolve_swa_kv_pool,
            is_draft=model_runner.is_draft_worker,
            frozen_kv=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        )
        self.swa_kv_pool = self._resolve(
            model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator
        )
        logger.debug(
            "attn backend init: swa=%s page_size=%d", self.swa_kv_pool is not None, self.page_size
        )

    def _kv_pool_for_step(self):
        return self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor):
        pool = self._kv_pool_for_step()
        if self.swa_kv_pool is None:
            return pool, loc
        return pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
