"""Backend whose SWA-pool resolver signals 'this draft owns its KV' with a dedicated exception."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DraftOwnsKV(Exception):
    """Raised when a regular draft worker must not borrow the target's cache."""


def _check_may_borrow_target_kv(model_runner) -> None:
    if not model_runner.is_draft_worker:
        return
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return
    raise DraftOwnsKV(f"{model_runner.spec_algorithm} draft keeps its own pool")


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    try:
        _check_may_borrow_target_kv(model_runner)
    except DraftOwnsKV as exc:
        logger.debug("no SWA pool: %s", exc)
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self._swa_loc_buf: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._swa_loc_buf = torch.empty(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
