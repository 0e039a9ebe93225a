"""Build the per-runner decode plan (which KV pool to read, how to index it).

``build_decode_plan`` is called once per backend; the plan is immutable and
cheap to pass into graph-capture helpers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass(frozen=True)
class DecodePlan:
    read_pool: KVCache
    swa_pool: Optional[SWAKVPool]
    index_fn: Callable[[torch.Tensor], torch.Tensor]


def _is_draft_runner(model_runner) -> bool:
    # Runners built outside the speculative path do not carry the flag.
    return bool(getattr(model_runner, "is_draft_model", False))


def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    # A draft worker's buffers are its own; only frozen-KV MTP reads the target's.
    if _is_draft_runner(model_runner) and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return target_cache if isinstance(target_cache, SWAKVPool) else None


def build_decode_plan(model_runner, resolver=_resolve_swa_pool) -> DecodePlan:
    swa_pool = resolver(model_runner)
    if swa_pool is None:
        return DecodePlan(
            read_pool=model_runner.token_to_kv_pool,
            swa_pool=None,
            index_fn=lambda loc: loc,
        )
    return DecodePlan(
        read_pool=swa_pool,
        swa_pool=swa_pool,
        index_fn=swa_pool.translate_loc_from_full_to_swa,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, plan: Optional[DecodePlan] = None):
        self.model_runner = model_runner
        self.plan = plan if plan is not None else build_decode_plan(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.plan.read_pool, self.plan.index_fn(loc)
