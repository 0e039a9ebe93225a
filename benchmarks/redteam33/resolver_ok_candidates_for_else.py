"""Decode backend that walks candidate KV sources in order and keeps the first SWA pool allowed."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None


def _candidate_sources(model_runner):
    regular_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    yield "own", True, lambda: model_runner.token_to_kv_pool
    yield "shared", not regular_draft, model_runner.token_to_kv_pool_allocator.get_kvcache


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    for name, allowed, fetch in _candidate_sources(model_runner):
        if not allowed:
            logger.debug("skipping %s KV source", name)
            continue
        pool = fetch()
        if isinstance(pool, SWAKVPool):
            break
    else:
        pool = None
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.page_size = model_runner.page_size
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32),
            page_table=self.req_to_token[forward_batch.req_pool_indices[:bs]],
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
