"""Decode backend that remaps cache locations for sliding-window layers.

Detection uses ``dir()`` so both instance attributes and class-level
methods are considered.
"""

import logging
from typing import List

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_TRANSLATE_HOOK = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        members: List[str] = dir(self.allocator)
        self.remap_enabled = _TRANSLATE_HOOK in members
        if verbose:
            swa_members = [m for m in members if "swa" in m.lower()]
            logger.info("allocator swa members: %s", swa_members)

    def _compute_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.remap_enabled:
            hook = getattr(self.allocator, _TRANSLATE_HOOK)
            return hook(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._compute_locations(loc)
