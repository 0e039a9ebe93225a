"""TRT-LLM MHA spec backend: SWA pool resolution delegated to a per-role strategy object."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class _PoolResolver:
    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        raise NotImplementedError


class _SharedKVResolver(_PoolResolver):
    """Target workers and FROZEN_KV MTP drafts: the active pool, else the allocator's."""

    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class _OwnPoolResolver(_PoolResolver):
    """Regular drafts share the allocator but own their pool; only that pool counts."""

    def resolve(self, model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None


@dataclass
class SpecMetadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        regular_draft = model_runner.is_draft_worker and not algo.is_frozen_kv_mtp()
        resolver = _OwnPoolResolver() if regular_draft else _SharedKVResolver()
        self.swa_kv_pool = resolver.resolve(model_runner)
        logger.info("trtllm spec: resolver=%s swa=%s", type(resolver).__name__, self.has_swa)
        self.metadata: Optional[SpecMetadata] = None

    @property
    def has_swa(self) -> bool:
        return self.swa_kv_pool is not None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        swa = self.swa_kv_pool.translate_loc_from_full_to_swa(loc) if self.has_swa else None
        self.metadata = SpecMetadata(page_table=loc, swa_page_table=swa)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.has_swa:
            return self.swa_kv_pool, self.metadata.swa_page_table
        return self.kv_pool, self.metadata.page_table
