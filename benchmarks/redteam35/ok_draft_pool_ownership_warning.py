"""Backend that warns when a draft worker's pool aliases the target's allocator cache."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _check_draft_pool(model_runner) -> None:
    if not model_runner.is_draft_worker:
        return
    shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if shared is model_runner.token_to_kv_pool:
        logger.warning("draft worker is attending over the target KV pool")
    else:
        logger.debug(
            "draft pool %s, shared allocator cache %s",
            type(model_runner.token_to_kv_pool).__name__,
            type(shared).__name__,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        _check_draft_pool(model_runner)
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
