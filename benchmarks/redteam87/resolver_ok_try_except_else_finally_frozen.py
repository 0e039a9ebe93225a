"""Decode backend with a version-tolerant SWA pool resolver.

Older builds of ``SpeculativeAlgorithm`` do not have ``is_frozen_kv_mtp``; in that
case a draft worker is assumed to keep its own KV buffers.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        shares_target_kv = not runner.is_draft_worker
        try:
            frozen = runner.spec_algorithm.is_frozen_kv_mtp()
        except AttributeError:
            logger.warning("is_frozen_kv_mtp unavailable; treating draft KV as private")
        else:
            shares_target_kv = shares_target_kv or frozen
        finally:
            logger.debug("draft=%s shares_target_kv=%s", runner.is_draft_worker, shares_target_kv)
        if not shares_target_kv:
            return None
        kv = runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
