"""Decode wrapper that recognises hybrid caches by class name.

Name matching avoids importing the hybrid pool module on platforms that do not
ship it. The check is made on the pool this worker reads from.
"""

import logging

import torch

logger = logging.getLogger(__name__)

HYBRID_POOL_NAMES = frozenset({"SWAKVPool"})


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_mb: int = 128):
        self.workspace_mb = workspace_mb
        self.kv_pool = model_runner.token_to_kv_pool
        self.pool_kind = type(self.kv_pool).__name__
        self.use_window_indices = self.pool_kind in HYBRID_POOL_NAMES

        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "decode wrapper: pool=%s window=%s allocator=%s (%s)",
            self.pool_kind,
            self.use_window_indices,
            type(allocator).__name__,
            allocator.debug_print() if hasattr(allocator, "debug_print") else "-",
        )

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.use_window_indices:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self._locations(loc)
