"""Sliding-window decode support for the torch-native attention backend.

Sizes are probed generically so the backend also works with pools that were
wrapped by the memory-saver adapter.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _swa_tokens(obj) -> Optional[int]:
    """Number of SWA slots advertised by ``obj``, or ``None``."""
    val = getattr(obj, "size_swa", None)
    return int(val) if val is not None else None


def _translate(src, loc: torch.Tensor) -> torch.Tensor:
    return src.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_gqa: bool = True):
        self.enable_gqa = enable_gqa
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_tokens = _swa_tokens(self.allocator)
        if self.swa_tokens:
            logger.info("torch-native backend: %d SWA slots", self.swa_tokens)

    def forward_decode(self, loc: torch.Tensor):
        if not self.swa_tokens:
            return self.kv_pool, loc
        return self.kv_pool, _translate(self.allocator, loc)
