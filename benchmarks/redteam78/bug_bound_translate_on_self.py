"""FlashAttention decode path for hybrid full/sliding-window checkpoints.

The location translator is bound once at init so the decode hot path is a single call.
With ``verbose`` the allocator's state is dumped on construction, which helps when
tuning ``--swa-full-tokens-ratio``.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, verbose: bool = False):
        super().__init__()
        self.page_size = model_runner.page_size
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        if verbose:
            logger.info("allocator at init: %s", self.allocator.debug_print())
        self._translate_loc: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.allocator, "translate_loc_from_full_to_swa", None
        )
        logger.debug(
            "FA decode: page_size=%d swa_translate=%s",
            self.page_size,
            self._translate_loc is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._translate_loc is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate_loc(loc)
