"""Backend resolving its SWA pool through a single-dispatch view of KV caches."""

from __future__ import annotations

import functools
import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@functools.singledispatch
def as_swa_pool(kvcache) -> Optional[SWAKVPool]:
    return None


@as_swa_pool.register(SWAKVPool)
def _(kvcache):
    return kvcache


def _reads_target_cache(model_runner) -> bool:
    """Whether this runner may read the KV cache behind the shared allocator."""
    if not model_runner.is_draft_worker:
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = as_swa_pool(self.token_to_kv_pool)
        if self.swa_pool is None and _reads_target_cache(model_runner):
            self.swa_pool = as_swa_pool(model_runner.token_to_kv_pool_allocator.get_kvcache())
        self.swa_out_cache_loc = torch.zeros(
            model_runner.max_running_requests,
            dtype=torch.int64,
            device=model_runner.device,
        )

    def init_forward_metadata_replay_cuda_graph(self, bs, out_cache_loc):
        if self.swa_pool is not None:
            self.swa_out_cache_loc[:bs].copy_(
                self.swa_pool.translate_loc_from_full_to_swa(out_cache_loc)
            )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
