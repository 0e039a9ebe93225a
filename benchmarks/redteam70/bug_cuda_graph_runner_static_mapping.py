"""CUDA-graph decode runner for hybrid sliding-window models.

Replay needs a stable full->SWA index mapping tensor whose address does not
change across steps. The graph runner grabs the mapping buffer that the token
allocator maintains and gathers from it directly during replay.
"""

from __future__ import annotations

import logging
from typing import List, Optional

import torch

logger = logging.getLogger(__name__)


class SWAGraphReplayState:
    def __init__(self, allocator, kv_pool, capture_bs: List[int]):
        self.allocator = allocator
        self.kv_pool = kv_pool
        self.capture_bs = capture_bs
        self.index_mapping: Optional[torch.Tensor] = getattr(
            allocator, "full_to_swa_index_mapping", None
        )
        self.swa_kv_pool = getattr(kv_pool, "swa_kv_pool", None)

    @property
    def uses_swa(self) -> bool:
        return self.index_mapping is not None

    def gather(self, loc: torch.Tensor) -> torch.Tensor:
        assert self.index_mapping is not None
        return self.index_mapping[loc]


class GeneratedAttnBackend:
    def __init__(self, model_runner, capture_bs=(1, 2, 4, 8, 16)):
        self.kv_pool = model_runner.token_to_kv_pool
        self.replay = SWAGraphReplayState(
            model_runner.token_to_kv_pool_allocator, self.kv_pool, list(capture_bs)
        )
        logger.info("graph replay swa=%s", self.replay.uses_swa)

    def forward_decode(self, loc: torch.Tensor):
        if self.replay.uses_swa:
            return self.kv_pool, self.replay.gather(loc)
        return self.kv_pool, loc
