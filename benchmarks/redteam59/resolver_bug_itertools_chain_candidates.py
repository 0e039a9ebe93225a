"""Decode backend for hybrid SWA models.

Possible owners of the full->SWA mapping are chained together and the first
one that exposes an SWA pool is used for translation.
"""

from __future__ import annotations

import itertools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    primary = (model_runner.token_to_kv_pool,)
    fallbacks = (getter() for getter in (model_runner.token_to_kv_pool_allocator.get_kvcache,))
    swa_pools = itertools.dropwhile(
        lambda pool: not isinstance(pool, SWAKVPool),
        itertools.chain(primary, fallbacks),
    )
    return next(swa_pools, None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.is_draft = model_runner.is_draft_worker
        max_bs = model_runner.req_to_token_pool.size
        self.decode_kv_indices = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def _fill(self, kv_loc: torch.Tensor) -> torch.Tensor:
        n = kv_loc.numel()
        self.decode_kv_indices[:n].copy_(kv_loc)
        return self.decode_kv_indices[:n].clone()

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self._fill(
                self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
            )
        return self.kv_pool, self._fill(loc)
