"""Decode-only attention backend for hybrid sliding-window models.

The SWA pool is resolved once in ``__init__`` with a single conditional
expression: the runner's own KV pool when it is hybrid, otherwise (for
non-draft workers and frozen-KV MTP drafts) the pool behind the allocator.
"""

from __future__ import annotations

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    return (
        pool
        if isinstance(pool := model_runner.token_to_kv_pool, SWAKVPool)
        else (
            None
            if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
            else (
                kv
                if isinstance(
                    kv := model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
                )
                else None
            )
        )
    )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.skip_prefill = skip_prefill
        logger.debug(
            "GeneratedAttnBackend: swa=%s page_size=%d",
            self.swa_kv_pool is not None,
            self.page_size,
        )

    def init_forward_metadata(self, forward_batch) -> None:
        pass

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return (
            (self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc))
            if self.swa_kv_pool is not None
            else (self.token_to_kv_pool, loc)
        )
