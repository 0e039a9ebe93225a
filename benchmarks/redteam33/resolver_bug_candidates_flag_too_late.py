"""Decode backend scanning its KV sources for an SWA pool, gated by the worker's draft role."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    # role flags, filled in from the model runner in __init__
    is_regular_draft: bool = False
    page_size: int = 1

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )
        self.swa_pool = self._scan_for_swa_pool(model_runner)
        self.page_size = model_runner.page_size
        self.is_regular_draft = bool(
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        self.forward_metadata = DecodeMetadata()

    def _scan_for_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        sources = (
            (model_runner.token_to_kv_pool, False),
            (model_runner.token_to_kv_pool_allocator.get_kvcache(), True),
        )
        for pool, borrowed in sources:
            if borrowed and self.is_regular_draft:
                break
            if isinstance(pool, SWAKVPool):
                return pool
        else:
            logger.debug("no SWA pool among %d sources", len(sources))
        return None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens[:bs], kv_indptr=self.kv_indptr[: bs + 1]
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
