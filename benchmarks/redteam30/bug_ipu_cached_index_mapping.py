"""Graphcore IPU attention backend with a precomputed full->SWA index table."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class IPUMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_context_len = model_runner.model_config.context_len

        # Gathering through the mapping tensor directly lets the compiled graph
        # fuse the index translation into the KV load.
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        if self.full_to_swa is not None:
            logger.info("IPU backend: full->SWA table with %d entries", self.full_to_swa.numel())
        self.metadata = IPUMetadata()

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        if self.full_to_swa is not None:
            loc = self.full_to_swa[loc]
        self.metadata = IPUMetadata(seq_lens=forward_batch.seq_lens, kv_loc=loc)

    def forward_decode(self, loc):
        if self.full_to_swa is not None:
            loc = torch.index_select(self.full_to_swa, 0, loc)
        return self.kv_pool, loc
