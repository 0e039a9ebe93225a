"""Backend whose SWA pool resolver compares class names to stay import-light."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_SWA_POOL_NAMES = ("SWAKVPool",)


def _is_swa_pool(obj) -> bool:
    return obj is not None and obj.__class__.__name__ in _SWA_POOL_NAMES


@dataclass
class SWAState:
    pool: Optional[object] = None
    out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa = SWAState(pool=self._resolve(model_runner))
        logger.info(
            "allocator %s, swa pool %s",
            model_runner.token_to_kv_pool_allocator.__class__.__name__,
            None if self.swa.pool is None else self.swa.pool.__class__.__name__,
        )

    def _resolve(self, model_runner):
        if _is_swa_pool(model_runner.token_to_kv_pool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # A regular draft owns a full-only pool; the shared allocator's
            # hybrid cache belongs to the target.
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if _is_swa_pool(kvcache) else None

    def init_forward_metadata(self, forward_batch):
        if self.swa.pool is not None:
            self.swa.out_cache_loc = self.swa.pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )

    def forward_decode(self, loc):
        if self.swa.pool is not None:
            return self.swa.pool, self.swa.pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
