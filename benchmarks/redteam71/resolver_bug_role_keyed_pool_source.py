"""SWA pool lookup keyed on the worker role.

Target and draft workers resolve their sliding-window pool through different sources; the
table below maps the role to the source.
"""

from __future__ import annotations

import enum
import logging
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WorkerRole(enum.Enum):
    TARGET = "target"
    DRAFT = "draft"

    @classmethod
    def of(cls, model_runner) -> "WorkerRole":
        return cls.DRAFT if model_runner.is_draft_worker else cls.TARGET


def _runner_pool(model_runner):
    return model_runner.token_to_kv_pool


def _shared_allocator_pool(model_runner):
    # draft workers share the target's allocator, which knows the hybrid cache
    return model_runner.token_to_kv_pool_allocator.get_kvcache()


_POOL_SOURCE: Dict[WorkerRole, Callable] = {
    WorkerRole.TARGET: _runner_pool,
    WorkerRole.DRAFT: _shared_allocator_pool,
}


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    role = WorkerRole.of(model_runner)
    pool = _POOL_SOURCE[role](model_runner)
    logger.debug("role=%s pool=%s", role.value, type(pool).__name__)
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 1):
        self.speculative_num_steps = speculative_num_steps
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
