"""Pool selection for the FlashMLA-compatible decode path.

``select_pool`` takes keyword arguments only; ``shared`` is passed in so the
selection can report allocator headroom next to the choice it made.
"""

import logging
from typing import NamedTuple, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class PoolChoice(NamedTuple):
    pool: object
    swa: Optional[SWAKVPool]


def select_pool(*, active, shared) -> PoolChoice:
    swa = active if isinstance(active, SWAKVPool) else None
    logger.info(
        "decode pool=%s swa=%s headroom=%d",
        type(active).__name__,
        swa is not None,
        shared.available_size(),
    )
    return PoolChoice(pool=active, swa=swa)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_q_heads: int = 16):
        self.num_q_heads = num_q_heads
        self.choice = select_pool(
            active=model_runner.token_to_kv_pool,
            shared=model_runner.token_to_kv_pool_allocator,
        )

    def forward_decode(self, loc: torch.Tensor):
        pool, swa = self.choice
        if swa is None:
            return pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
