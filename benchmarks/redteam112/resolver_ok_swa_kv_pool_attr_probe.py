"""Ascend port: resolve the SWA cache from the runner's KV pool.

The NPU pools do not always subclass ``SWAKVPool``; they expose the same
``swa_kv_pool`` sub-pool and mapping, so duck-type on the pool itself.
"""

import logging
from typing import Any, Optional

import torch

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[Any]:
    """Return the runner's KV pool if it carries a sliding-window sub-pool."""
    pool = model_runner.token_to_kv_pool
    if getattr(pool, "swa_kv_pool", None) is None:
        return None
    if not callable(getattr(pool, "translate_loc_from_full_to_swa", None)):
        logger.warning("pool %s has a swa sub-pool but no index mapping", type(pool).__name__)
        return None
    return pool


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_fia: bool = True):
        self.use_fia = use_fia
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
