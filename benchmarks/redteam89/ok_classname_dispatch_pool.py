"""Decode backend keyed on the KV pool's class name.

Keeps the backend importable on builds without the hybrid cache module; the window
hooks are selected by ``type(pool).__name__``.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Dict, Tuple

import torch

logger = logging.getLogger(__name__)


def _identity(pool, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _window(pool, loc: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(loc)


_LOC_HOOKS: Dict[str, Callable[[Any, torch.Tensor], torch.Tensor]] = {
    "SWAKVPool": _window,
    "MHATokenToKVPool": _identity,
    "MLATokenToKVPool": _identity,
}


class GeneratedAttnBackend:
    """Decode backend with location hooks selected by the pool's class name."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.skip_prefill = skip_prefill
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        pool_name = type(self.kv_pool).__name__
        self._loc_hook = _LOC_HOOKS.get(pool_name, _identity)
        logger.debug(
            "pool=%s allocator=%s hook=%s",
            pool_name,
            type(self.allocator).__name__,
            self._loc_hook.__name__,
        )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.kv_pool, self._loc_hook(self.kv_pool, loc)
