"""Windowed-attention read plan built by a classmethod factory.

``SwaReadPlan.from_model_runner`` decides once, at backend construction, which
pool the sliding-window layers read and whether locations need translating.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SwaReadPlan:
    swa_pool: Optional[SWAKVPool]
    source: str

    @classmethod
    def from_model_runner(cls, model_runner) -> "SwaReadPlan":
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return cls(active, "active")
        algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if algo is SpeculativeAlgorithm.NONE:
            # Plain full-attention model: nothing is shared with anyone.
            return cls(None, "dense")
        # Speculative runner on a full pool: the hybrid cache lives upstream.
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return cls(shared, "shared")
        return cls(None, "dense")

    @property
    def translates(self) -> bool:
        return self.swa_pool is not None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.plan = SwaReadPlan.from_model_runner(model_runner)
        self.window = getattr(model_runner, "sliding_window_size", None)
        logger.debug("swa read plan: %s (window=%s)", self.plan.source, self.window)
        self.cuda_graph_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_loc = torch.empty(max_num_tokens, dtype=torch.int64)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor):
        if not self.plan.translates:
            return loc
        return self.plan.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        locations = self.init_forward_metadata(loc)
        pool = self.plan.swa_pool if self.plan.translates else self.model_runner.token_to_kv_pool
        return pool, locations
