"""Decode backend matching its pool against a tuple of windowed pool types with any()."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_WINDOWED_POOLS = (SWAKVPool,)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    cu_seqlens_q: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.windowed = any(isinstance(self.token_to_kv_pool, t) for t in _WINDOWED_POOLS)
        if hasattr(allocator, "size_swa"):
            logger.info(
                "hybrid allocator: %d full / %d swa slots", allocator.size_full, allocator.size_swa
            )
        self.cu_seqlens_q = torch.arange(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
            cu_seqlens_q=self.cu_seqlens_q[: bs + 1],
        )

    def forward_decode(self, loc):
        if not self.windowed:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
