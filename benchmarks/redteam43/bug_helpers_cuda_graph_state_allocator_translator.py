"""Decode backend with a CUDA-graph state holder that owns static index buffers."""

import logging
from dataclasses import dataclass, field
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeCudaGraphState:
    max_bs: int
    kv_indices: torch.Tensor
    translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
    replays: int = field(default=0)

    @classmethod
    def create(cls, model_runner, max_bs: int) -> "DecodeCudaGraphState":
        allocator = model_runner.token_to_kv_pool_allocator
        pool = model_runner.token_to_kv_pool
        buf = torch.zeros(allocator.size + 1, dtype=torch.int64)
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        return cls(max_bs=max_bs, kv_indices=buf, translate=translate)

    def replay(self, loc: torch.Tensor) -> torch.Tensor:
        self.replays += 1
        n = loc.numel()
        src = self.translate(loc) if self.translate is not None else loc
        self.kv_indices[:n].copy_(src)
        return self.kv_indices[:n].clone()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = getattr(model_runner, "max_running_requests", None) or 8
        self.graph_state = DecodeCudaGraphState.create(model_runner, self.max_bs)
        logger.debug(
            "cuda graph state: %d index slots, windowed=%s",
            self.graph_state.kv_indices.numel(),
            self.graph_state.translate is not None,
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.graph_state.replay(loc)
