"""Decode backend that looks the translator up with a dotted operator.attrgetter on the runner."""

import logging
import operator
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

# Always reach the translator through the pool the runner reads, never the
# allocator: a speculative draft shares the allocator but not the pool.
_pool_translator = operator.attrgetter("token_to_kv_pool.translate_loc_from_full_to_swa")
_alloc_free = operator.attrgetter("token_to_kv_pool_allocator.available_size")


@dataclass
class DecodeState:
    out_loc: Optional[torch.Tensor] = None
    free_slots: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._free_slots = _alloc_free(model_runner)
        try:
            self._translate = _pool_translator(model_runner)
        except AttributeError:
            self._translate = None
        self.state = DecodeState()
        self.graph_out_loc = torch.zeros(
            getattr(model_runner, "max_running_requests", 8) or 8,
            dtype=torch.int64,
            device=self.device,
        )
        logger.info("pool translator present: %s", self._translate is not None)

    def init_forward_metadata(self, forward_batch):
        self.state = DecodeState(
            out_loc=forward_batch.out_cache_loc, free_slots=int(self._free_slots())
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        self.graph_out_loc[:bs].copy_(self._maybe_translate(loc[:bs]))

    def _maybe_translate(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self._translate is None else self._translate(loc)

    def forward_decode(self, loc):
        return self.kv_pool, self._maybe_translate(loc)
