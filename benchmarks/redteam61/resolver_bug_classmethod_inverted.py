"""Decode backend whose SWA pool lookup is a class-level policy.

Subclasses (e.g. a verify or draft-extend variant) override
``_reads_shared_cache`` to change where sliding-window KV is read from.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    supports_swa = True

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = type(self).resolve_swa_pool(model_runner)
        self.seq_lens = torch.zeros(64, dtype=torch.int32)

    @classmethod
    def _reads_shared_cache(cls, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        return not model_runner.spec_algorithm.is_frozen_kv_mtp()

    @classmethod
    def resolve_swa_pool(cls, model_runner) -> Optional[SWAKVPool]:
        if not cls.supports_swa:
            return None
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if not cls._reads_shared_cache(model_runner):
            logger.debug("runner owns its KV pool, SWA disabled")
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        self.seq_lens[: loc.numel()] += 1
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
