"""FROZEN_KV MTP: share the target's SWA pool with frozen-KV drafts via a resolver."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class ResolvedPools:
    own: object
    swa: Optional[SWAKVPool]
    source: str


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.resolved = self._resolve(model_runner)
        logger.info("SWA pool resolved from %s", self.resolved.source)

    @staticmethod
    def _frozen_kv(mr) -> bool:
        return getattr(mr, "spec_algorithm", None) == SpeculativeAlgorithm.FROZEN_KV_MTP

    def _resolve(self, mr) -> ResolvedPools:
        own = mr.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return ResolvedPools(own=own, swa=own, source="active")
        is_draft = getattr(mr, "is_draft_model", False)
        if is_draft and not self._frozen_kv(mr):
            return ResolvedPools(own=own, swa=None, source="draft-own")
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            return ResolvedPools(own=own, swa=kv, source="allocator")
        return ResolvedPools(own=own, swa=None, source="none")

    def forward_decode(self, loc):
        swa = self.resolved.swa
        if swa is None:
            return self.resolved.own, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
