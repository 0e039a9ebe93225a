"""Port the sliding-window path from the FlashInfer backend to the MUSA backend.

Some MUSA pool variants do not expose ``translate_loc_from_full_to_swa``
themselves; in that case the mapping kept by the allocator is used.
"""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _pick_translate(pool, allocator) -> Optional[Callable[[torch.Tensor], torch.Tensor]]:
    fn = getattr(pool, "translate_loc_from_full_to_swa", None)
    if fn is not None:
        return fn
    fn = getattr(allocator, "translate_loc_from_full_to_swa", None)
    if fn is not None:
        logger.debug("using allocator SWA mapping for %s", type(pool).__name__)
    return fn


class GeneratedAttnBackend:
    def __init__(self, model_runner, enable_split_kv: bool = True):
        self.enable_split_kv = enable_split_kv
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.is_swa_pool = isinstance(self.pool, SWAKVPool)
        self.translate = _pick_translate(self.pool, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc: torch.Tensor):
        if self.translate is None:
            return self.pool, loc
        return self.pool, self.translate(loc)
