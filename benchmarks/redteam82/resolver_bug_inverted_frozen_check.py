"""Resolver for the hybrid SWA pool used by the FA3 decode path.

Draft runners built for frozen-KV MTP do not carry sliding-window buffers of their own,
so those are kept on the full-attention path.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    candidate = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return candidate if isinstance(candidate, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, fa_version: int = 3):
        self.fa_version = fa_version
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve_swa_pool(model_runner)
        logger.debug("FA%d backend, swa_pool=%s", fa_version, self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc
