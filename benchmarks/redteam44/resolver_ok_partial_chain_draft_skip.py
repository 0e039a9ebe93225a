"""FA3 backend: SWA pool resolved by a chain of partially-applied probes."""

import functools
import logging
from dataclasses import dataclass
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

_STOP = object()  # a probe returning this ends the chain with "no SWA pool"


def _active_pool_if_swa(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _regular_draft_stops(model_runner):
    algo = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if model_runner.is_draft_worker and not algo.is_frozen_kv_mtp():
        return _STOP  # shares the allocator, owns a full-only pool
    return None


def _allocator_kvcache_if_swa(model_runner):
    allocator = model_runner.token_to_kv_pool_allocator
    get_kvcache = getattr(allocator, "get_kvcache", None)
    kvcache = get_kvcache() if get_kvcache is not None else None
    return kvcache if isinstance(kvcache, SWAKVPool) else None


@dataclass
class FA3Metadata:
    page_table: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        probes: List[Callable[[], object]] = [
            functools.partial(_active_pool_if_swa, model_runner),
            functools.partial(_regular_draft_stops, model_runner),
            functools.partial(_allocator_kvcache_if_swa, model_runner),
        ]
        self.swa_kv_pool: Optional[SWAKVPool] = self._first_hit(probes)
        self.metadata: Optional[FA3Metadata] = None

    @staticmethod
    def _first_hit(probes) -> Optional[SWAKVPool]:
        for probe in probes:
            hit = probe()
            if hit is _STOP:
                return None
            if hit is not None:
                logger.debug("fa3: SWA pool from %s", probe.func.__name__)
                return hit
        return None

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        md = FA3Metadata(page_table=loc)
        if self.swa_kv_pool is not None:
            md.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.metadata = md

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        if self.metadata.swa_page_table is not None:
            return self.swa_kv_pool, self.metadata.swa_page_table
        return self.kv_pool, self.metadata.page_table
