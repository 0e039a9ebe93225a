"""Backend whose SWA-pool resolver tolerates spec enums without a FROZEN_KV predicate."""

import logging
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_frozen_kv_mtp(model_runner) -> bool:
    try:
        return bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:
        # Older spec enums predate FROZEN_KV MTP.
        return False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        draft = getattr(model_runner, "is_draft_worker", False)
        if draft and not _is_frozen_kv_mtp(model_runner):
            return None
        try:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        except NotImplementedError:
            return None
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
