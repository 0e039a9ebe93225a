"""Resolver that tolerates runners without spec_algorithm or get_kvcache via try/except, and skips regular drafts before using the allocator's kvcache."""

import contextlib
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class SWAResolution:
    pool: Optional[SWAKVPool]
    source: str  # "own", "shared" or "none"


def _frozen_kv(model_runner) -> bool:
    frozen = False
    with contextlib.suppress(AttributeError):
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
    return frozen


def resolve_swa(model_runner) -> SWAResolution:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return SWAResolution(own, "own")
    if getattr(model_runner, "is_draft_worker", False) and not _frozen_kv(model_runner):
        return SWAResolution(None, "none")
    try:
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    except AttributeError:
        return SWAResolution(None, "none")
    if isinstance(shared, SWAKVPool):
        return SWAResolution(shared, "shared")
    return SWAResolution(None, "none")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa = resolve_swa(model_runner)

    def forward_decode(self, loc):
        if self.swa.pool is None:
            return self.token_to_kv_pool, loc
        return self.swa.pool, self.swa.pool.translate_loc_from_full_to_swa(loc)
