"""Backend resolving its SWA pool from a frozen RunnerFacts dataclass refined with replace()."""

import dataclasses
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class RunnerFacts:
    is_draft: bool = False
    frozen_kv: bool = False
    page_size: int = 1

    @property
    def reads_shared_kv(self) -> bool:
        return not self.is_draft or self.frozen_kv


_DEFAULT_FACTS = RunnerFacts()


def facts_of(model_runner) -> RunnerFacts:
    facts = RunnerFacts(
        is_draft=bool(model_runner.is_draft_worker), page_size=model_runner.page_size
    )
    is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    if is_frozen is not None:
        facts = dataclasses.replace(_DEFAULT_FACTS, frozen_kv=is_frozen())
    return facts


def resolve_swa_pool(model_runner, facts: RunnerFacts) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if not facts.reads_shared_kv:
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.facts = facts_of(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner, self.facts)
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)
        logger.info("%s", self.facts)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
