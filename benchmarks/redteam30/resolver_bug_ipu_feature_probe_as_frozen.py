"""IPU backend whose SWA pool resolver probes the speculative algorithm for MTP support."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class IPUSWAMetadata:
    swa_loc: Optional[torch.Tensor] = None


def resolve_swa_kv_pool(runner) -> Optional[SWAKVPool]:
    active = runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    frozen_kv = hasattr(runner.spec_algorithm, "is_frozen_kv_mtp")
    if runner.is_draft_worker and not frozen_kv:
        return None
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.metadata = IPUSWAMetadata()

    def init_forward_metadata(self, forward_batch):
        if self.swa_kv_pool is not None:
            self.metadata = IPUSWAMetadata(
                swa_loc=self.swa_kv_pool.translate_loc_from_full_to_swa(forward_batch.out_cache_loc)
            )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
