"""Decode backend dispatching the SWA pool lookup on the speculative algorithm via dict.get."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None


def _no_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return None


def _shared_swa_pool(model_runner) -> Optional[SWAKVPool]:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


# Draft algorithms whose worker allocates a separate (full-attention) KV pool.
_DRAFT_KV_SOURCES: Dict[str, Callable] = {
    "EAGLE": _no_swa_pool,
    "EAGLE3": _no_swa_pool,
    "STANDALONE": _no_swa_pool,
}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if not model_runner.is_draft_worker:
        return _shared_swa_pool(model_runner)
    source = _DRAFT_KV_SOURCES.get(model_runner.spec_algorithm, _shared_swa_pool)
    return source(model_runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
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
