"""Paged decode backend that picks its gather kernel from the page size.

The allocator is the source of truth for paging granularity (the pool may be
created before the final page size is known under some disaggregation modes),
so the kernel variant is chosen from ``allocator.page_size``.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _gather_token(loc: torch.Tensor) -> torch.Tensor:
    return loc


def _gather_paged(loc: torch.Tensor) -> torch.Tensor:
    return loc.contiguous()


_KERNELS: Dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
    "token": _gather_token,
    "paged": _gather_paged,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, force_variant: str = ""):
        allocator = model_runner.token_to_kv_pool_allocator
        page_size = getattr(allocator, "page_size", model_runner.page_size)
        variant = force_variant or ("token" if page_size == 1 else "paged")
        self.gather = _KERNELS[variant]
        self.page_size = page_size
        logger.info("decode gather variant=%s page_size=%d", variant, page_size)

        self.kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        loc = self.gather(loc)
        if self.sliding_window_pool is not None:
            swa_loc = self.sliding_window_pool.translate_loc_from_full_to_swa(loc)
            return self.sliding_window_pool, swa_loc
        return self.kv_pool, loc
