"""Sliding-window aware decode backend that holds its runner weakly.

The backend is owned by the model runner, so it keeps only a ``weakref`` to it to
avoid a reference cycle that keeps CUDA graphs alive past shutdown.  All runner
state is looked up lazily through ``self._runner`` at call time.
"""

import logging
import weakref
from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_SWA_TRANSLATE = "translate_loc_from_full_to_swa"


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

    def _remap_for_window(self, loc: torch.Tensor) -> torch.Tensor:
        allocator = self._runner.token_to_kv_pool_allocator
        remap = getattr(allocator, _SWA_TRANSLATE, None)
        if remap is None:
            return loc
        return remap(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        runner = self._runner
        kv_pool = runner.token_to_kv_pool
        cache_loc = self._remap_for_window(loc)
        logger.debug(
            "decode: splits=%d page_size=%d tokens=%d",
            self.num_kv_splits,
            self.page_size,
            cache_loc.numel(),
        )
        return kv_pool, cache_loc
