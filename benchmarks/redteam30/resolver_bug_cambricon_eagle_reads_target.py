"""Cambricon backend resolving the SWA pool for target, EAGLE and MTP workers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _draft_attends_target_kv(spec_algorithm) -> bool:
    # Draft heads that attend over the target's KV cache rather than their own.
    return spec_algorithm.is_frozen_kv_mtp() or spec_algorithm.is_eagle()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and not _draft_attends_target_kv(model_runner.spec_algorithm):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class BangMetadata:
    loc: Optional[torch.Tensor] = None
    swa_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.metadata = BangMetadata()

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        self.metadata = BangMetadata(
            loc=loc,
            swa_loc=(
                None if self.swa_pool is None else self.swa_pool.translate_loc_from_full_to_swa(loc)
            ),
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
