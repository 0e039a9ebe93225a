"""Attention mode selection for the decode wrapper using ``Literal`` tags."""

from __future__ import annotations

import logging
from typing import Literal, Tuple, get_args

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

AttnKVMode = Literal["full", "hybrid_swa"]
_VALID_MODES = frozenset(get_args(AttnKVMode))


def select_kv_mode(model_runner) -> AttnKVMode:
    """Pick the KV addressing mode from the configured SWA capacity."""
    size_swa = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0)
    mode: AttnKVMode = "hybrid_swa" if size_swa and size_swa > 0 else "full"
    logger.debug("select_kv_mode: size_swa=%s -> %s", size_swa, mode)
    return mode


class GeneratedAttnBackend:
    def __init__(self, model_runner, mode_override: AttnKVMode | None = None):
        if mode_override is not None and mode_override not in _VALID_MODES:
            raise ValueError(f"unknown kv mode {mode_override!r}")
        self.kv_mode: AttnKVMode = mode_override or select_kv_mode(model_runner)
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        pool = self.token_to_kv_pool
        if self.kv_mode == "hybrid_swa":
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
