"""Backend using a module-level SWA-pool resolver with an enum FROZEN_KV comparison."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    reads_target_kv = (
        not model_runner.is_draft_worker
        or model_runner.spec_algorithm == SpeculativeAlgorithm.FROZEN_KV_MTP
    )
    if not reads_target_kv:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class DecodeMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.forward_metadata: Optional[DecodeMetadata] = None
        if self.swa_kv_pool is not None:
            logger.info("sliding-window KV translation enabled")

    def init_forward_metadata(self, loc: torch.Tensor):
        metadata = DecodeMetadata(cache_loc=loc)
        if self.swa_kv_pool is not None:
            metadata.swa_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_cache_loc is None:
            return self.token_to_kv_pool, md.cache_loc
        return self.swa_kv_pool, md.swa_cache_loc
