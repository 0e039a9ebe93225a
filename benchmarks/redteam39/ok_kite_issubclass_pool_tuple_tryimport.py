"""Decode backend accepting every hybrid pool flavour the installed sglang provides."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _hybrid_pool_types() -> tuple:
    kinds = []
    try:
        from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

        kinds.append(BaseSWAKVPool)
    except ImportError:
        pass
    try:
        from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

        kinds.append(SWAKVPool)
    except ImportError:
        pass
    return tuple(kinds)


HYBRID_POOL_TYPES = _hybrid_pool_types()


@dataclass
class DecodeBuffers:
    kv_indptr: torch.Tensor
    kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        max_bs = model_runner.max_running_requests
        self.buffers = DecodeBuffers(
            kv_indptr=torch.zeros(max_bs + 1, dtype=torch.int32, device=model_runner.device)
        )
        self.hybrid = bool(HYBRID_POOL_TYPES) and issubclass(
            type(self.token_to_kv_pool), HYBRID_POOL_TYPES
        )
        logger.debug("hybrid pool: %s", self.hybrid)

    def forward_decode(self, loc):
        if self.hybrid:
            return (
                self.token_to_kv_pool,
                self.token_to_kv_pool.translate_loc_from_full_to_swa(loc),
            )
        return self.token_to_kv_pool, loc
