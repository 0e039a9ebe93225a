"""Minimal decode backend that translates locations whenever the allocator knows how to."""

import logging
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class StepCounters:
    steps: int = 0
    translated: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.counters = StepCounters()

    @property
    def allocator(self):
        return self.model_runner.token_to_kv_pool_allocator

    def _swa_locs(self, loc: torch.Tensor) -> torch.Tensor:
        # Plain allocators have no window index space; keep the full-pool locations then.
        try:
            out = self.allocator.translate_loc_from_full_to_swa(loc)
        except AttributeError:
            return loc
        self.counters.translated += 1
        return out

    def forward_decode(self, loc):
        self.counters.steps += 1
        loc = self._swa_locs(loc)
        if self.counters.steps % 1000 == 0:
            logger.debug(
                "decode steps=%d translated=%d", self.counters.steps, self.counters.translated
            )
        return self.kv_pool, loc
