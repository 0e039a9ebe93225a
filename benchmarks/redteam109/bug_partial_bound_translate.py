"""FlashInfer-style decode wrapper with precomputed location transforms.

To keep the per-step Python overhead low, the location transform applied before
each decode launch is bound once in ``__init__`` with ``functools.partial`` and
stored on the backend; the hot path just calls ``self._loc_transform``.
"""

import functools
import logging
from typing import Callable, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


def _identity_locs(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _window_locs(owner, loc: torch.Tensor) -> torch.Tensor:
    return owner.translate_loc_from_full_to_swa(loc)


def build_loc_transform(allocator) -> Callable[[torch.Tensor], torch.Tensor]:
    if hasattr(allocator, "translate_loc_from_full_to_swa"):
        return functools.partial(_window_locs, allocator)
    return _identity_locs


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, workspace_mb: int = 128):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.workspace_bytes = workspace_mb * 1024 * 1024
        self._loc_transform = build_loc_transform(model_runner.token_to_kv_pool_allocator)
        logger.debug("decode loc transform: %r", self._loc_transform)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.kv_pool, self._loc_transform(loc)
