"""Decode backend classifying the KV layout with an lru_cached predicate on pool types."""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    layout: str = "none"


@functools.lru_cache(maxsize=8)
def _swa_layout(own_type: type, shared_type: type) -> str:
    if issubclass(own_type, SWAKVPool):
        return "own"
    if issubclass(shared_type, SWAKVPool):
        return "shared"
    return "none"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layout, self.swa_pool = self._resolve(model_runner)
        self.forward_metadata = DecodeMetadata(layout=self.layout)
        logger.debug("KV layout for %s: %s", model_runner.spec_algorithm, self.layout)

    def _resolve(self, model_runner):
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        layout = _swa_layout(type(model_runner.token_to_kv_pool), type(shared))
        pool = {"own": model_runner.token_to_kv_pool, "shared": shared}.get(layout)
        if layout == "shared" and model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                layout = "none"
        return layout, pool

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=forward_batch.seq_lens[:bs].to(torch.int32), layout=self.layout
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
