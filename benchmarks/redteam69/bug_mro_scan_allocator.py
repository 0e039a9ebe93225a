"""Hybrid-window decode backend.

Walks the allocator's MRO so subclasses of the sliding-window allocator
(e.g. the pure-SWA variant) are treated the same way as the base class.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _mro_names(obj) -> Tuple[str, ...]:
    return tuple(klass.__name__ for klass in type(obj).__mro__)


def _is_windowed_allocator(allocator) -> bool:
    return any(name.startswith("SWA") for name in _mro_names(allocator))


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_window_layers: Optional[int] = None):
        super().__init__()
        allocator = model_runner.token_to_kv_pool_allocator
        self.num_window_layers = num_window_layers
        self.windowed = _is_windowed_allocator(allocator)
        self.pool = allocator.get_kvcache() if self.windowed else model_runner.token_to_kv_pool
        logger.info(
            "Initialised decode backend (windowed=%s, mro=%s)",
            self.windowed,
            "->".join(_mro_names(allocator)[:3]),
        )

    def get_kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.windowed:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.get_kv_indices(loc)
