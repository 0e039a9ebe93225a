"""Decode backend that reports SWA pool headroom and switches to windowed reads when it has some."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.read_pool = self.token_to_kv_pool
        try:
            swa_free = allocator.swa_available_size()
        except AttributeError:
            self.windowed = False
        else:
            self.windowed = True
            self.read_pool = allocator.get_kvcache()
            logger.info("SWA tokens free at startup: %d", swa_free)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32)
        )

    def forward_decode(self, loc):
        if not self.windowed:
            return self.token_to_kv_pool, loc
        return self.read_pool, self.read_pool.translate_loc_from_full_to_swa(loc)
