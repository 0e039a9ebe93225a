"""Backend resolving its SWA pool from RunnerFacts, refined step by step with dataclasses.replace."""

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
    owns_swa_pool: bool = False

    @property
    def may_read_shared_kv(self) -> bool:
        return not self.is_draft or self.frozen_kv


def facts_of(model_runner) -> RunnerFacts:
    facts = RunnerFacts(owns_swa_pool=isinstance(model_runner.token_to_kv_pool, SWAKVPool))
    facts = dataclasses.replace(facts, is_draft=bool(model_runner.is_draft_worker))
    is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
    if is_frozen is not None:
        facts = dataclasses.replace(facts, frozen_kv=is_frozen())
    return facts


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.facts = facts_of(model_runner)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.swa_pool = self._resolve(model_runner)
        self.cache_seqlens = torch.zeros(model_runner.max_running_requests, dtype=torch.int32)

    def _resolve(self, model_runner) -> Optional[SWAKVPool]:
        if self.facts.owns_swa_pool:
            return model_runner.token_to_kv_pool
        if not self.facts.may_read_shared_kv:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
