"""Intel AMX CPU attention backend with SWA page-table support."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _is_swa_allocator(allocator) -> bool:
    # Avoid importing the allocator package here: the CPU build may not ship it.
    return type(allocator).__module__.rsplit(".", 1)[-1] == "swa"


@dataclass
class AMXMetadata:
    seq_lens: Optional[torch.Tensor] = None
    loc: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """AMX-BF16 decode backend for Xeon (SPR/EMR)."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa = _is_swa_allocator(self.allocator)
        self.metadata = AMXMetadata()
        if self.swa:
            logger.info("AMX backend: hybrid SWA model detected")

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = AMXMetadata(
            seq_lens=forward_batch.seq_lens,
            loc=loc,
            swa_loc=self.allocator.translate_loc_from_full_to_swa(loc) if self.swa else None,
        )

    def forward_decode(self, loc):
        if self.swa:
            return self.kv_pool, self.allocator.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
