"""Backend that packs the runner's FROZEN_KV/draft facts into a bit code before resolving the SWA pool."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DRAFT = 0b10
_FROZEN_KV = 0b01
_OWNS_PRIVATE_KV = _DRAFT


def _runner_code(model_runner) -> int:
    frozen = int(model_runner.spec_algorithm.is_frozen_kv_mtp())
    draft = int(bool(model_runner.is_draft_worker))
    return (frozen << 1) | draft


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.runner_code = _runner_code(model_runner)
        self.swa_kv_pool = self._lookup_swa_pool(model_runner)
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None
        logger.debug("runner code %s", bin(self.runner_code))

    def _lookup_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self.runner_code == _OWNS_PRIVATE_KV:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        swa_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        if self.cuda_graph_swa_loc is not None:
            self.cuda_graph_swa_loc[: swa_loc.numel()].copy_(swa_loc)
        return self.swa_kv_pool, swa_loc
