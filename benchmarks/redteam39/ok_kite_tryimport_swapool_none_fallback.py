"""Decode backend that tolerates sglang builds without the hybrid SWA pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch

try:
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as _SWAKVPool
except ImportError:  # older wheels
    _SWAKVPool = None

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    seq_lens: torch.Tensor = None
    out_cache_loc: torch.Tensor = None


def _own_swa_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    if _SWAKVPool is not None and isinstance(pool, _SWAKVPool):
        return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _own_swa_pool(model_runner)
        free = model_runner.token_to_kv_pool_allocator.available_size()
        logger.info(
            "decode backend ready (swa=%s, free tokens=%d)",
            self.swa_pool is not None,
            free,
        )
        self.forward_metadata = ForwardMetadata()

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = ForwardMetadata(
            seq_lens=forward_batch.seq_lens, out_cache_loc=forward_batch.out_cache_loc
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
