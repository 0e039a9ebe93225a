"""Decode backend that fetches the window mapping through a nested attribute getter."""

import logging
import operator
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_WINDOW_MAPPING = operator.attrgetter("token_to_kv_pool_allocator.full_to_swa_index_mapping")


def window_mapping(model_runner) -> Optional[torch.Tensor]:
    try:
        return _WINDOW_MAPPING(model_runner)
    except AttributeError:
        return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._mapping = window_mapping(model_runner)
        self._steps = 0

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self._mapping is None:
            return loc
        return self._mapping[loc].to(loc.dtype)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, loc: torch.Tensor) -> dict:
        return {"cache_loc": loc, "page_table": self._translate(loc), "step": self._steps}

    def forward_decode(self, loc):
        self._steps += 1
        return self.token_to_kv_pool, self._translate(loc)
