"""Decode backend resolving the SWA pool for its updater through the allocator's kv cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(token_to_kv_pool_allocator) -> Optional[SWAKVPool]:
    """The SWA pool behind the allocator, if any."""
    get_kvcache = getattr(token_to_kv_pool_allocator, "get_kvcache", None)
    kvcache = get_kvcache() if callable(get_kvcache) else None
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class IndicesUpdaterDecode:
    def __init__(self, swa_pool: Optional[SWAKVPool]):
        self.swa_pool = swa_pool

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = loc.clone()
        if self.swa_pool is not None:
            n = kv_indices.numel()
            kv_indices[:n] = self.swa_pool.translate_loc_from_full_to_swa(kv_indices[:n])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = IndicesUpdaterDecode(
            resolve_swa_pool(model_runner.token_to_kv_pool_allocator)
        )
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        logger.info(
            "decode updater: swa=%s draft=%s",
            self.indices_updater_decode.swa_pool is not None,
            self.is_draft_worker,
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
