"""Composable location pipeline for the decode path.

Location transforms are collected as a list of stages at init and folded with
``functools.reduce`` every step.  Stages are appended based on what the runner
provides; today only the full->SWA remap exists, but page-table and CP shard
remaps are expected to plug in the same way.
"""

from __future__ import annotations

import functools
import logging
from typing import Callable, List

import torch

logger = logging.getLogger(__name__)

Stage = Callable[[torch.Tensor], torch.Tensor]


def _make_swa_stage(allocator) -> Stage:
    mapping = allocator.full_to_swa_index_mapping

    def _stage(loc: torch.Tensor) -> torch.Tensor:
        return mapping[loc]

    _stage.__name__ = "full_to_swa"
    return _stage


def build_loc_stages(model_runner) -> List[Stage]:
    stages: List[Stage] = []
    allocator = model_runner.token_to_kv_pool_allocator
    if getattr(allocator, "full_to_swa_index_mapping", None) is not None:
        stages.append(_make_swa_stage(allocator))
    return stages


def run_stages(stages: List[Stage], loc: torch.Tensor) -> torch.Tensor:
    return functools.reduce(lambda acc, stage: stage(acc), stages, loc)


class GeneratedAttnBackend:
    """Decode backend with a reduce-based location pipeline."""

    def __init__(self, model_runner, extra_stages: List[Stage] | None = None):
        self.kv_pool = model_runner.token_to_kv_pool
        self.stages = build_loc_stages(model_runner) + list(extra_stages or [])
        logger.debug("loc stages: %s", [s.__name__ for s in self.stages])

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, run_stages(self.stages, loc)
