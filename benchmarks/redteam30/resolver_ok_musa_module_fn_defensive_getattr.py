"""MUSA backend with a module-level SWA pool resolver tolerant of older runner objects."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(runner) -> Optional[SWAKVPool]:
    pool = runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    is_draft = getattr(runner, "is_draft_worker", False)
    reads_target_kv = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
    if is_draft and not reads_target_kv:
        return None
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.swa_loc_buf: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_pool is not None:
            self.swa_loc_buf = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
