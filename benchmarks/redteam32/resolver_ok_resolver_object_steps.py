"""SWA pool resolution extracted into a small SWAPoolResolver object with one method per step."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAPoolResolver:
    model_runner: object

    def active(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def owns_separate_kv(self) -> bool:
        runner = self.model_runner
        return bool(runner.is_draft_worker) and not runner.spec_algorithm.is_frozen_kv_mtp()

    def shared(self) -> Optional[SWAKVPool]:
        if self.owns_separate_kv():
            return None
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def resolve(self) -> Optional[SWAKVPool]:
        pool = self.active()
        if pool is not None:
            return pool
        return self.shared()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = SWAPoolResolver(model_runner).resolve()
        logger.info("SWA pool: %s", type(self.swa_kv_pool).__name__)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc: torch.Tensor = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
