"""Decode path for hybrid attention (full + sliding-window layers).

Feature detection is done with duck typing so that out-of-tree pools work
without subclassing.  The same probe is reused for optional allocator
debugging hooks.
"""

import logging

import torch

logger = logging.getLogger(__name__)


def _has(obj, name: str) -> bool:
    return callable(getattr(obj, name, None))


def _maybe_debug(obj) -> str:
    return obj.debug_print() if _has(obj, "debug_print") else "<no debug info>"


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = -1):
        self.sliding_window_size = sliding_window_size
        self.pool = model_runner.token_to_kv_pool
        self.use_swa = _has(self.pool, "translate_loc_from_full_to_swa")
        allocator = model_runner.token_to_kv_pool_allocator
        if _has(allocator, "translate_loc_from_full_to_swa"):
            logger.info("allocator is hybrid: %s", _maybe_debug(allocator))

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
