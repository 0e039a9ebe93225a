"""Hybrid-window decode backend.

Any pool deriving from ``BaseSWAKVPool`` carries a window sub-pool and a
full->window mapping; we detect it by walking the pool's MRO.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_HYBRID_BASE = "BaseSWAKVPool"


def _mro_names(obj) -> Tuple[str, ...]:
    return tuple(klass.__name__ for klass in type(obj).__mro__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_window_layers: int = 0):
        super().__init__()
        self.num_window_layers = num_window_layers
        self.pool = model_runner.token_to_kv_pool
        names = _mro_names(self.pool)
        self.windowed = _HYBRID_BASE in names
        logger.info("decode backend pool mro: %s", " -> ".join(names))

    def get_kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.windowed:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.get_kv_indices(loc)
