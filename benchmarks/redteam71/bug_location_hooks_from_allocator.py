"""Plugin-style location transforms applied before the decode kernel.

Transforms are collected into ``self._loc_hooks`` at construction time. The translation hook
is registered when the allocator provides a full->SWA index mapping.
"""

from __future__ import annotations

import logging
from typing import Callable, List

import torch

logger = logging.getLogger(__name__)

LocHook = Callable[[torch.Tensor], torch.Tensor]


def _clamp_non_negative(loc: torch.Tensor) -> torch.Tensor:
    return loc.clamp_min(0) if (loc < 0).any() else loc


class GeneratedAttnBackend:
    """Decode backend with a small chain of location hooks."""

    def __init__(self, model_runner, extra_hooks: List[LocHook] = ()):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self._loc_hooks: List[LocHook] = [_clamp_non_negative]
        self._loc_hooks.extend(extra_hooks)
        self._register_builtin_hooks(model_runner.token_to_kv_pool_allocator)

    def _register_builtin_hooks(self, allocator) -> None:
        mapping = getattr(allocator, "full_to_swa_index_mapping", None)
        if mapping is not None:
            self._loc_hooks.append(allocator.translate_loc_from_full_to_swa)
            logger.info("registered full->swa loc hook (%d entries)", mapping.numel())

    def _apply_hooks(self, loc: torch.Tensor) -> torch.Tensor:
        for hook in self._loc_hooks:
            loc = hook(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._apply_hooks(loc)
