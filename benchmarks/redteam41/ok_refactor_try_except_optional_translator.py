"""Decode backend: the SWA translator is an optional feature probed with try/except."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._translate: Optional[Callable] = self._load_swa_translator()
        self._free_slots_gauge = 0

    def _load_swa_translator(self) -> Optional[Callable]:
        try:
            fn = self.token_to_kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            logger.debug(
                "no SWA translator on %s (allocator %s); full attention only",
                type(self.token_to_kv_pool).__name__,
                type(self.token_to_kv_pool_allocator).__name__,
            )
            return None
        return fn

    def _record_free_slots(self):
        try:
            self._free_slots_gauge = self.token_to_kv_pool_allocator.swa_available_size()
        except AttributeError:
            self._free_slots_gauge = self.token_to_kv_pool_allocator.available_size()

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        self._record_free_slots()
        if self._translate is None:
            return loc
        return self._translate(loc)

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_locs = torch.zeros((max_bs,), dtype=torch.int64)

    def forward_decode(self, loc: torch.Tensor):
        locations = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, locations
