"""Decode backend with a per-layer-type index transform registry.

Each attention layer type (``full`` / ``swa``) registers how decode locations are mapped
into its cache before the kernel launch.
"""

from __future__ import annotations

import functools
import logging
from typing import Callable, Dict, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

Transform = Callable[[torch.Tensor], torch.Tensor]


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _gather(mapping: torch.Tensor, loc: torch.Tensor) -> torch.Tensor:
    return mapping[loc]


def _register_transforms(allocator) -> Dict[str, Transform]:
    transforms: Dict[str, Transform] = {"full": _identity}
    mapping = getattr(allocator, "full_to_swa_index_mapping", None)
    if mapping is not None:
        transforms["swa"] = functools.partial(_gather, mapping)
    return transforms


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, layer_type: str = "swa"):
        super().__init__()
        self.pool = model_runner.token_to_kv_pool
        self.transforms = _register_transforms(model_runner.token_to_kv_pool_allocator)
        self.layer_type = layer_type if layer_type in self.transforms else "full"
        logger.debug("decode transforms: %s", sorted(self.transforms))

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.pool, self.transforms[self.layer_type](loc)
