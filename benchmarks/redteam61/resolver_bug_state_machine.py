"""Decode backend that resolves its SWA pool through explicit lookup stages.

Each stage either settles the result or hands over to the next one, which keeps
the order of checks visible when new speculative modes are added.
"""

import enum
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class Stage(enum.Enum):
    ACTIVE_POOL = enum.auto()
    ALLOCATOR = enum.auto()
    DRAFT_CHECK = enum.auto()
    DONE = enum.auto()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    stage = Stage.ACTIVE_POOL
    result: Optional[SWAKVPool] = None
    while stage is not Stage.DONE:
        if stage is Stage.ACTIVE_POOL:
            pool = model_runner.token_to_kv_pool
            if isinstance(pool, SWAKVPool):
                result, stage = pool, Stage.DONE
            else:
                stage = Stage.ALLOCATOR
        elif stage is Stage.ALLOCATOR:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                result, stage = kvcache, Stage.DONE
            else:
                stage = Stage.DRAFT_CHECK
        elif stage is Stage.DRAFT_CHECK:
            owns_pool = (
                model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
            )
            if owns_pool:
                result = None
            stage = Stage.DONE
        logger.debug("swa resolver -> %s", stage.name)
    return result


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.qo_indptr = torch.zeros(17, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        self.qo_indptr[1 : loc.numel() + 1] = torch.arange(1, loc.numel() + 1)
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
