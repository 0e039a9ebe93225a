"""Backend whose SWA-pool resolver skips drafts whose own pool has no sliding-window layers."""

import contextlib
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
    with contextlib.suppress(AttributeError):
        # A regular draft whose own pool carries no window layers keeps its KV private.
        if model_runner.is_draft_worker and not frozen and pool.swa_layer_nums == 0:
            return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.swa_loc_buffer: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_kv_pool is not None:
            self.swa_loc_buffer = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata_capture_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.swa_loc_buffer is not None:
            swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            self.swa_loc_buffer[:bs].copy_(swa_loc[:bs])

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
