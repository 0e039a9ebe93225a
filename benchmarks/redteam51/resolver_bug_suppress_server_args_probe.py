"""Hybrid sliding-window attention backend (decode path).

Speculative settings are probed defensively with ``contextlib.suppress`` so the
backend also works under stripped-down runners used by the kernel benchmarks.
"""

import contextlib
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SwaState:
    pool: Optional[SWAKVPool] = None
    reason: str = "unresolved"


def resolve_swa_state(model_runner) -> SwaState:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return SwaState(own, "own pool is hybrid")
    with contextlib.suppress(AttributeError):
        algo = model_runner.server_args.speculative_algorithm
        if model_runner.is_draft_worker and not algo.is_frozen_kv_mtp():
            return SwaState(None, "regular draft owns a full pool")
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(cache, SWAKVPool):
        return SwaState(cache, "shared hybrid cache")
    return SwaState(None, "no hybrid cache")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa = resolve_swa_state(model_runner)
        logger.info("swa resolution: %s", self.swa.reason)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.decode_swa_loc = torch.zeros(self.max_bs, dtype=torch.int64)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        pool = self.swa.pool
        if pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
