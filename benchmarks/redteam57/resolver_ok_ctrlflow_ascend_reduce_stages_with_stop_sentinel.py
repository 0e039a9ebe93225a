"""Ascend-style paged decode backend resolving its SWA pool through reduced stages."""

import functools
import logging
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

_STOP = object()


def _stage_active_pool(acc, model_runner):
    if acc is not None:
        return acc
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _stage_draft_guard(acc, model_runner):
    if acc is not None:
        return acc
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if getattr(model_runner, "is_draft_worker", False) and not spec.is_frozen_kv_mtp():
        return _STOP
    return None


def _stage_allocator_cache(acc, model_runner):
    if acc is not None:
        return acc
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None


_STAGES: Sequence[Callable] = (
    _stage_active_pool,
    _stage_allocator_cache,
)
_STAGES = (_STAGES[0], _stage_draft_guard, *_STAGES[1:])


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    found = functools.reduce(lambda acc, stage: stage(acc, model_runner), _STAGES, None)
    return None if found is _STOP else found


@dataclass
class PagedDecodeMetadata:
    block_table: torch.Tensor
    seq_lens_list: list


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata: Optional[PagedDecodeMetadata] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = (max_num_tokens + self.page_size - 1) // self.page_size
        self.graph_block_table = torch.zeros(max_bs, pages, dtype=torch.int32, device=self.device)

    def init_forward_metadata(self, loc: torch.Tensor):
        table = loc
        if self.swa_pool is not None:
            table = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = PagedDecodeMetadata(
            block_table=table, seq_lens_list=[1] * loc.numel()
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.kv_pool if self.swa_pool is None else self.swa_pool
        return pool, self.forward_metadata.block_table
