"""Sliding-window aware decode backend with a public ``status()`` endpoint.

The status dict is consumed by the scheduler's ``/get_server_info`` handler,
so it reports allocator-side free counts alongside the pool we attend over.
"""

import logging
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, report_debug: bool = False):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.report_debug = report_debug

        kv_pool = self.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = kv_pool if isinstance(kv_pool, SWAKVPool) else None
        logger.debug("decode backend initialised: %s", self.status())

    def status(self) -> Dict[str, Any]:
        alloc = self.token_to_kv_pool_allocator
        info: Dict[str, Any] = {
            "backend": type(self).__name__,
            "page_size": self.page_size,
            "allocator": type(alloc).__name__,
            "available_tokens": int(alloc.available_size()),
            "sliding_window": self.swa_kv_pool is not None,
        }
        if self.report_debug:
            info["allocator_debug"] = alloc.debug_print()
        return info

    def _decode_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self._decode_locations(loc)
