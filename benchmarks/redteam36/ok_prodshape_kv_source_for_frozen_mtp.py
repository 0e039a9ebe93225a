"""Decode backend that reads the target's KV source only on targets and FROZEN_KV MTP drafts."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.page_size = getattr(model_runner, "page_size", 1)
        spec = model_runner.spec_algorithm
        # FROZEN_KV MTP drafts attend over the target's (frozen) cache; every
        # other draft owns its KV buffers outright.
        self.reads_target_kv = not model_runner.is_draft_worker or spec.is_frozen_kv_mtp()
        if self.reads_target_kv:
            source = model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            source = model_runner.token_to_kv_pool
        self.kv_source = source
        self.swa_kv_pool: Optional[SWAKVPool] = source if isinstance(source, SWAKVPool) else None
        logger.debug(
            "kv source=%s reads_target_kv=%s",
            type(source).__name__,
            self.reads_target_kv,
        )

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        return self.kv_source, self._locations(loc)
