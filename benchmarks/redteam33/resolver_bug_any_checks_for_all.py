"""Decode backend accepting the shared SWA pool when its borrow checks pass."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    seq_lens: Optional[torch.Tensor] = None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    checks = (
        not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp(),
        isinstance(kvcache, SWAKVPool),
    )
    if any(checks):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            page_table=self.req_to_token[forward_batch.req_pool_indices[:bs]],
            seq_lens=forward_batch.seq_lens[:bs],
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
