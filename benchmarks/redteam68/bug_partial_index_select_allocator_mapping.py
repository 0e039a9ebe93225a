"""Decode backend that gathers sliding-window slots with a pre-bound index_select.

The full->SWA mapping tensor is updated in place by the allocator as slots are
handed out, so binding it once with ``functools.partial`` is enough to always see the
current mapping.
"""

import functools
import logging
from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, index_dtype: torch.dtype = torch.int64):
        super().__init__()
        self.index_dtype = index_dtype
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        mapping = getattr(self.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
        self._gather_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = None
        if mapping is not None:
            self._gather_swa = functools.partial(torch.index_select, mapping, 0)
            logger.debug("SWA index mapping bound (%d entries)", mapping.numel())

    def forward_decode(self, loc: torch.Tensor):
        if self._gather_swa is None:
            return self.token_to_kv_pool, loc
        swa_loc = self._gather_swa(loc).to(self.index_dtype)
        return self.token_to_kv_pool, swa_loc
