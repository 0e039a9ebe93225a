"""Backend whose SWA-pool resolver has a keyword switch for drafts that read the target's cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(
    model_runner, *, allow_shared_target_kv: bool = True
) -> Optional[SWAKVPool]:
    """Return the SWA pool to translate against.

    ``allow_shared_target_kv`` lets draft runners that attend over the target's
    cache (FROZEN_KV MTP) pick up the hybrid pool behind the allocator.
    """
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
    if model_runner.is_draft_worker and not (frozen or allow_shared_target_kv):
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_kv_pool, swa_loc
