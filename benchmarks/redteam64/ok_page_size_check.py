"""Paged decode backend for hybrid SWA models.

The kernels index KV by page, so the runner, allocator and pool must agree on the
page size. Decode locations are validated to be inside the allocator's range in
debug builds.
"""

import logging
import os

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEBUG_LOC_CHECK = os.environ.get("SGLANG_DEBUG_KV_LOC", "0") == "1"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool

        page_sizes = {
            "runner": self.page_size,
            "allocator": self.allocator.page_size,
            "pool": self.pool.page_size,
        }
        if len(set(page_sizes.values())) != 1:
            raise ValueError(f"Inconsistent KV page sizes: {page_sizes}")
        if self.page_size > 1 and self.allocator.size % self.page_size != 0:
            logger.warning(
                "allocator size %d is not a multiple of page_size %d; tail page unused",
                self.allocator.size,
                self.page_size,
            )

        self.use_swa = isinstance(self.pool, SWAKVPool)
        self.max_loc = self.allocator.size_full

    def forward_decode(self, loc: torch.Tensor):
        if _DEBUG_LOC_CHECK and loc.numel() > 0:
            assert int(loc.max()) <= self.max_loc, f"loc {int(loc.max())} >= {self.max_loc}"
        if not self.use_swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
