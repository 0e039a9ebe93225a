"""Backend with a tolerant SWA pool resolver for runners of any vintage."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class RunnerRole:
    is_draft: bool
    frozen_kv: bool


def _role(model_runner) -> RunnerRole:
    spec = getattr(model_runner, "spec_algorithm", None)
    frozen = getattr(spec, "is_frozen_kv_mtp", lambda: False)()
    return RunnerRole(is_draft=getattr(model_runner, "is_draft", False), frozen_kv=frozen)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if type(pool).__name__ == "SWAKVPool":
        return pool
    role = _role(model_runner)
    if role.is_draft and not role.frozen_kv:
        return None
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if type(kv).__name__ == "SWAKVPool" else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        logger.debug("swa pool resolved: %s", self.swa_pool is not None)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
