"""Decode path for hybrid attention (full + sliding-window layers).

Feature detection is done with duck typing so that custom allocators/pools from
plugins work without subclassing the in-tree classes.
"""

import logging

import torch

logger = logging.getLogger(__name__)


def _supports_swa(obj) -> bool:
    """True if ``obj`` exposes the full->SWA index translation."""
    return callable(getattr(obj, "translate_loc_from_full_to_swa", None))


def _pick(a, b, use_swa: bool):
    # ``a`` is the pool we read from; ``b`` is only here for the log line.
    if use_swa:
        logger.debug("hybrid SWA decode enabled (allocator=%s)", type(b).__name__)
    return a


class GeneratedAttnBackend:
    def __init__(self, model_runner, sliding_window_size: int = -1):
        self.sliding_window_size = sliding_window_size
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = _supports_swa(allocator)
        self.pool = _pick(model_runner.token_to_kv_pool, allocator, self.use_swa)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
