"""Backend that threads a small per-step context dataclass through module-level decode helpers."""

from dataclasses import dataclass
from typing import Any

import torch


@dataclass
class _StepContext:
    pool: Any
    allocator: Any
    loc: torch.Tensor


def _wants_window(ctx: _StepContext) -> bool:
    return hasattr(ctx.pool, "full_to_swa_index_mapping")


def _window_locations(ctx: _StepContext) -> torch.Tensor:
    return ctx.pool.translate_loc_from_full_to_swa(ctx.loc)


def _decode(ctx: _StepContext):
    if not _wants_window(ctx):
        return ctx.pool, ctx.loc
    return ctx.pool, _window_locations(ctx)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        return _decode(_StepContext(self.pool, self.allocator, loc))
