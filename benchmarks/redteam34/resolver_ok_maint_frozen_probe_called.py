"""Decode backend resolving its SWA pool with a version-tolerant FROZEN_KV MTP probe."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunnerRole:
    is_draft: bool
    reads_target_kv: bool


def runner_role(model_runner) -> RunnerRole:
    # is_frozen_kv_mtp() is missing on sglang < 0.5.12.
    probe = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return RunnerRole(
        is_draft=bool(model_runner.is_draft_worker),
        reads_target_kv=callable(probe) and bool(probe()),
    )


def resolve_swa_pool(model_runner, role: RunnerRole) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    if role.is_draft and not role.reads_target_kv:
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.role = runner_role(model_runner)
        self.swa_pool = resolve_swa_pool(model_runner, self.role)
        logger.debug("role=%s swa=%s", self.role, self.swa_pool is not None)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
