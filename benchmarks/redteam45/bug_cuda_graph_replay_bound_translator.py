"""CUDA-graph capture/replay: precompute the window translator so replay avoids Python dispatch."""

import logging
from dataclasses import dataclass, field

import torch

logger = logging.getLogger(__name__)


@dataclass
class ReplayState:
    bs: int = 0
    out_cache_loc: torch.Tensor = None
    captured: set = field(default_factory=set)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.replay = ReplayState()
        # Resolve the translation once; replay runs in a hot loop and must not branch on
        # types. A hybrid allocator carries the full->swa map; a plain one does not.
        allocator = model_runner.token_to_kv_pool_allocator
        self._translate_out_loc = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self._static_loc = torch.zeros(self.max_bs * 8, dtype=torch.int64)

    def capture(self, bs: int):
        self.replay.captured.add(bs)
        logger.debug("capture bs=%d windowed=%s", bs, self._translate_out_loc is not None)

    def replay_prepare(self, loc: torch.Tensor):
        n = loc.numel()
        self.replay.bs = n
        self._static_loc[:n].copy_(loc)
        if self._translate_out_loc is not None:
            self._static_loc[:n].copy_(self._translate_out_loc(loc))
        self.replay.out_cache_loc = self._static_loc[:n]

    def forward_decode(self, loc):
        if loc.numel() not in self.replay.captured:
            self.capture(loc.numel())
        self.replay_prepare(loc)
        return self.token_to_kv_pool, self.replay.out_cache_loc.clone()
