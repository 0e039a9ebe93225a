"""FA3 backend: SWA pool resolved by a chain of partially-applied probes."""

import functools
import logging
from dataclasses import dataclass
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _active_pool_if_swa(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


def _allocator_kvcache_if_swa(model_runner) -> Optional[SWAKVPool]:
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
        probes: List[Callable[[], Optional[SWAKVPool]]] = [
            functools.partial(_active_pool_if_swa, model_runner),
            functools.partial(_allocator_kvcache_if_swa, model_runner),
        ]
        self.swa_kv_pool = self._first_hit(probes)
        self.metadata: Optional[FA3Metadata] = None

    @staticmethod
    def _first_hit(probes) -> Optional[SWAKVPool]:
        for probe in probes:
            pool = probe()
            if pool is not None:
                logger.debug("fa3: SWA pool from %s", probe.func.__name__)
                return pool
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
