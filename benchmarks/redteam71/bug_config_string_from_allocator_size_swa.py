"""Factory-selected decode helpers keyed by a KV layout string.

The layout string mirrors the ``--kv-layout`` style names used in the server args dump
(``"full"`` / ``"hybrid_swa"``) and is derived from the allocator's capacity report.
"""

from __future__ import annotations

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)


class FullDecodeHelper:
    def __init__(self, pool):
        self.pool = pool

    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc


class HybridSWADecodeHelper(FullDecodeHelper):
    def locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.pool.translate_loc_from_full_to_swa(loc)


HELPER_FACTORY: Dict[str, Callable[..., FullDecodeHelper]] = {
    "full": FullDecodeHelper,
    "hybrid_swa": HybridSWADecodeHelper,
}


def kv_layout_name(model_runner) -> str:
    allocator = model_runner.token_to_kv_pool_allocator
    size_swa = getattr(allocator, "size_swa", 0)
    return "hybrid_swa" if size_swa else "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner, kv_layout: str = ""):
        self.kv_layout = kv_layout or kv_layout_name(model_runner)
        self.helper = HELPER_FACTORY[self.kv_layout](model_runner.token_to_kv_pool)
        logger.info("kv_layout=%s helper=%s", self.kv_layout, type(self.helper).__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.helper.pool, self.helper.locations(loc)
