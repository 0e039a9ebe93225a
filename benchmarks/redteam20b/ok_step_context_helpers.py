"""Decode backend for a Mistral-style SWA model that passes a per-step context object through helpers."""

from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class StepContext:
    pool: object
    allocator: object
    loc: torch.Tensor


def _needs_window_locations(ctx: StepContext) -> bool:
    return isinstance(ctx.pool, SWAKVPool)


def _window_locations(ctx: StepContext) -> torch.Tensor:
    return ctx.pool.translate_loc_from_full_to_swa(ctx.loc)


def _read_plan(ctx: StepContext):
    if not _needs_window_locations(ctx):
        return ctx.pool, ctx.loc
    return ctx.pool, _window_locations(ctx)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc):
        ctx = StepContext(pool=self.pool, allocator=self.allocator, loc=loc)
        return _read_plan(ctx)
