"""FlashInfer decode backend: page-table remap and capacity gauge pre-bound with partial."""

import functools
import logging
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class FlashInferDecodeState:
    kv_indices: Optional[torch.Tensor] = None
    stats: Dict[str, int] = field(default_factory=dict)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _ratio(num: Callable[[], int], den: int) -> float:
    return float(num()) / max(den, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # occupancy gauge only: the allocator never decides what we read
        self._occupancy = functools.partial(_ratio, allocator.available_size, allocator.size)
        self._remap: Callable[[torch.Tensor], torch.Tensor] = self._make_remap(self.kv_pool)
        self.state = FlashInferDecodeState()

    @staticmethod
    def _make_remap(pool) -> Callable[[torch.Tensor], torch.Tensor]:
        if not isinstance(pool, SWAKVPool):
            return _identity
        mapping = pool.full_to_swa_index_mapping
        logger.info("flashinfer: SWA remap over %d full slots", mapping.numel())
        return functools.partial(torch.index_select, mapping, 0)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.state.kv_indices = self._remap(loc)
        self.state.stats["free_pct"] = int(100 * self._occupancy())

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.state.kv_indices
