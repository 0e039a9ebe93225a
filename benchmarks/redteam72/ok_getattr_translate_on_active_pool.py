"""Duck-typed sliding-window decode backend.

Rather than enumerating hybrid pool classes, the backend looks for a
``translate_loc_from_full_to_swa`` method on the KV pool it reads. Pools
without one are treated as full-attention only.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner, allow_window: bool = True):
        self.model_runner = model_runner
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        translator = self.kv_pool
        self._translate: Optional[LocTranslator] = (
            getattr(translator, "translate_loc_from_full_to_swa", None) if allow_window else None
        )
        logger.debug(
            "window translation %s; allocator=%s",
            "enabled" if self._translate is not None else "disabled",
            type(self.allocator).__name__,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self._translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._translate(loc)
