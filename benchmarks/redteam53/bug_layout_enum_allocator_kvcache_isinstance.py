"""Decode backend that picks a KV layout once and dispatches on it every step."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    DENSE = "dense"
    HYBRID_SWA = "hybrid_swa"


@dataclass
class DecodeState:
    layout: KVLayout
    bs: int = 0
    kv_indices: Optional[torch.Tensor] = None


def detect_layout(model_runner) -> KVLayout:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return KVLayout.HYBRID_SWA if isinstance(kvcache, SWAKVPool) else KVLayout.DENSE


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.layout = detect_layout(model_runner)
        self.state = DecodeState(layout=self.layout)
        self._graph_indices = None
        logger.info("attention KV layout: %s", self.layout.value)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self._graph_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def _indices_for(self, loc: torch.Tensor) -> torch.Tensor:
        if self.layout is KVLayout.HYBRID_SWA:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor):
        self.state.bs = int(loc.numel())
        self.state.kv_indices = self._indices_for(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.pool, self.state.kv_indices
