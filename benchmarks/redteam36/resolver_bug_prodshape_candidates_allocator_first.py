"""Backend resolving its SWA pool from an ordered list of candidate pools, shared cache first."""

import itertools
import logging
from typing import Iterable, Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _candidate_pools(model_runner) -> Iterable[object]:
    # The allocator's cache is the canonical one; the runner's pool is a fallback
    # for runners whose allocator does not expose one.
    yield model_runner.token_to_kv_pool_allocator.get_kvcache()
    yield model_runner.token_to_kv_pool


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    swa = (p for p in _candidate_pools(model_runner) if isinstance(p, SWAKVPool))
    return next(itertools.islice(swa, 1), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        logger.debug("swa pool resolved: %s", self.swa_kv_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_max_bs = max_bs
