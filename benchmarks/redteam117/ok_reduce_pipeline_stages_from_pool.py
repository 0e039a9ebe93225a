"""Reduce-based location pipeline for decode.

Stages are produced by ``stage_builders`` (each may return ``None`` when not
applicable) and composed with ``functools.reduce``.
"""

from __future__ import annotations

import functools
from typing import Callable, Iterable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Stage = Callable[[torch.Tensor], torch.Tensor]


def _swa_stage(pool) -> Optional[Stage]:
    if not isinstance(pool, SWAKVPool):
        return None
    return pool.translate_loc_from_full_to_swa


def _dtype_stage(pool) -> Optional[Stage]:
    return lambda loc: loc.to(torch.int64)


STAGE_BUILDERS = (_swa_stage, _dtype_stage)


def compose(stages: Iterable[Stage]) -> Stage:
    stages = list(stages)
    return lambda loc: functools.reduce(lambda acc, fn: fn(acc), stages, loc)


def build_pipeline(pool, builders=STAGE_BUILDERS) -> Stage:
    built: List[Stage] = [s for s in (b(pool) for b in builders) if s is not None]
    return compose(built)


class GeneratedAttnBackend:
    """Decode backend whose location handling is a composed pipeline."""

    def __init__(self, model_runner, builders=STAGE_BUILDERS):
        self.kv_pool = model_runner.token_to_kv_pool
        self.pipeline = build_pipeline(self.kv_pool, builders)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.pipeline(loc)
