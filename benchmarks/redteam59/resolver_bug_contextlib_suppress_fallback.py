"""Decode backend for hybrid SWA models.

The SWA pool is looked up on the runner's KV pool first; when that pool does
not carry SWA sub-pools, the allocator's cache is consulted instead.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[object]:
    pool = model_runner.token_to_kv_pool
    with contextlib.suppress(AttributeError):
        if pool.swa_kv_pool is not None:
            return pool
    with contextlib.suppress(AttributeError):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if kvcache.swa_kv_pool is not None:
            return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.max_bs = model_runner.req_to_token_pool.size
        self.swa_kv_indices = (
            torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
            if self.swa_kv_pool is not None
            else None
        )
        logger.info("hybrid SWA attention: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        n = loc.numel()
        self.swa_kv_indices[:n] = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, self.swa_kv_indices[:n].clone()
