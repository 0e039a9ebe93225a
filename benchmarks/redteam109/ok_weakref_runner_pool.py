"""Sliding-window aware decode backend that holds its runner weakly.

The backend is owned by the model runner, so it keeps only a ``weakref`` to it to
avoid a reference cycle.  Runner state is looked up lazily; the token allocator is
only consulted for the debug summary emitted on each step.
"""

import logging
import weakref
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self._runner_ref = weakref.ref(model_runner)
        self.num_kv_splits = num_kv_splits
        self.page_size = model_runner.page_size

    @property
    def _runner(self):
        runner = self._runner_ref()
        if runner is None:
            raise RuntimeError("model runner was released before the attention backend")
        return runner

    def _window_pool(self) -> Optional[SWAKVPool]:
        pool = self._runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def _debug_summary(self) -> str:
        allocator = self._runner.token_to_kv_pool_allocator
        return f"{type(allocator).__name__}(available={allocator.available_size()})"

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        runner = self._runner
        swa_pool = self._window_pool()
        if swa_pool is not None:
            kv_pool, cache_loc = swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)
        else:
            kv_pool, cache_loc = runner.token_to_kv_pool, loc
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("decode: splits=%d %s", self.num_kv_splits, self._debug_summary())
        return kv_pool, cache_loc
